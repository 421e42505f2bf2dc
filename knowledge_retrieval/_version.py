"""The version of the distribution (one place: the release workflow checks the tag against it)."""

__version__ = "0.1.0"
