"""Leagues in Discord: `/coal league`, the announcement and its buttons, the rounds kept moving."""
