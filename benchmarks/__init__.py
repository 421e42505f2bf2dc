"""Benchmarks of knowledge_retrieval beside its peers: ``python -m benchmarks --help``."""
