"""Board, pit and scoring images of a game, drawn with Pillow."""
