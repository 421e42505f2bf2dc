"""Adapters for agent frameworks (optional extras); nothing in the library imports them."""
