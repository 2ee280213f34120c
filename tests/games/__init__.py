"""Tests of the per-channel game manager (`bot.manager`), without Discord."""
