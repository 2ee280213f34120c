"""Tests of the rules core, one or more per rule id of the digest."""
