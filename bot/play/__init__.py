"""The play: the `/coal` commands people type during a game, the buttons and menus under a turn, the mining
console and the draw choice, and what moves for a seat (the computers, the turn timers, the guided first game).
"""
