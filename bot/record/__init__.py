"""The record: `/coal record` (history, stats, the ladder, export), the replay viewer, and which games an
asker may see.
"""
