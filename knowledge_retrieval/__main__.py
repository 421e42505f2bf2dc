"""``python -m knowledge_retrieval``: the ``kr`` command."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
