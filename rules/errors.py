"""The one error the rules raise: an action that is not allowed now, said in plain words."""


class IllegalAction(ValueError):
    """An action that cannot be taken; `str(err)` is one sentence a player understands.

    Raised by `apply` (the state is left unchanged) and by `parse_action` for text that
    is not an action.
    """
