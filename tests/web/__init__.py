"""The web board: its server through HTTP and its WebSocket, and its page in Chromium."""
