"""``python -m knowledge_retrieval``: the ``kr`` command."""

from __future__ import annotations

from .interfaces.cli import main

raise SystemExit(main())
