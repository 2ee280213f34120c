"""`python -m bot --sandbox`: the real bot against a simulated Discord (SimCord), in the browser."""
