"""Rules data (frozen) and game state (mutable)."""
