"""Tests: unit, property and end to end."""
