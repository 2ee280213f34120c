"""The host's tools: `/coal host` (computers in a lobby, a seat handed over, abort, pause, resume) and each
server's defaults.
"""
