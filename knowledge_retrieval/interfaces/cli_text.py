"""How the ``kr`` command shows its results as text: hits, answers, explanations."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..defaults import DEFAULT_THRESHOLD
from ..terminal import escape_breaks, one_line, terminal_safe

__all__ = ["clip", "emit", "hits_text", "search_text", "write"]


def write(text: str, file: Any = None) -> None:
    print(text, file=file or sys.stdout)


def emit(args: argparse.Namespace, env: dict[str, Any], text: Callable[[], str]) -> int:
    out = getattr(args, "output", "text")
    if out == "json":
        write(json.dumps(env, ensure_ascii=False, indent=2))
    elif out == "markdown":
        from ..service.envelope import to_markdown

        write(terminal_safe(to_markdown(env)))
    else:
        write(terminal_safe(text()))
    return 0


def hits_text(env: dict[str, Any]) -> str:
    data = env["data"]
    lines = [data["message"]]
    for r in data["results"]:
        where = " > ".join(r.get("heading_path") or []) or r.get("title") or ""
        lines += ["", one_line(f"[{r['score']:.2f}] {r['source']}  {where}".rstrip())]
        lines += ["    " + ln for ln in str(r["content"]).splitlines()]
        if r.get("lacks"):
            lines.append(f"    lacks: {r['lacks']}")
    for n in data.get("notes") or []:
        lines.append(one_line(f"note: {n}"))
    return "\n".join(lines)


def _held(e: dict[str, Any]) -> str:
    """``; held under the line`` and the rules that hold it (``name``, ``lacks duration`` ...)."""
    why = [h for h in e.get("held", ()) if h != "asked_kind"]
    why += [f"lacks {e['lacks']}"] if e.get("lacks") else []
    return "; held under the line" + (f" ({', '.join(why)})" if why else "")


def _explain_text(h: Any) -> list[str]:
    """A hit's score explained: probability, line, then each feature and its part."""
    e = h.explain
    lines = []
    if "meaning" in e:  # the semantic layer found it or gave its score
        m = e["meaning"]
        lines.append(
            f"     explain: found by meaning, cosine {m['cosine']:.3f} (line {m['line']:.2f} -> "
            f"{DEFAULT_THRESHOLD}), score {e['score']:.3f}" + (_held(e) if e["capped"] else "")
        )
    if "features" not in e:
        return lines
    lines.append(
        f"     explain: probability {e['probability']:.3f} (line {e['line']:.2f} -> {DEFAULT_THRESHOLD}), "
        f"score {e['score']:.3f}" + (_held(e) if e["capped"] else "")
    )
    for name, f in e["features"].items():
        if f["value"] or f["contribution"]:
            lines.append(f"       {name:<16} {f['value']:>8.3f}  {f['contribution']:>+8.3f}")
    lines.append(f"       {'(intercept)':<16} {'':>8}  {e['intercept']:>+8.3f}")
    return lines


def search_text(result: Any, below: Any = None) -> str:
    if not result.found:
        lines = [result.message, *(one_line(f"note: {n}") for n in result.notes)]
        if below is not None and below.hits:
            h = below.hits[0]
            lines.append(
                one_line(f"best candidate, under the line: [{h.score:.2f}] {h.kb}/{h.location}")
            )
            lines += _explain_text(h)
        return "\n".join(lines)
    lines = [_answer_text(result), ""]
    for i, h in enumerate(result.hits, 1):
        where = " > ".join(h.heading_path) or h.title
        lines.append(one_line(f"{i}. [{h.score:.2f}] {h.kb}/{h.location}  {where}"))
        lines += ["     " + ln for ln in h.snippet.splitlines()]
        if h.lacks:
            lines.append(f"     lacks: {h.lacks}")
        if h.explain is not None:
            lines += _explain_text(h)
    lines += [one_line(f"note: {n}") for n in result.notes]
    lines.append(
        one_line(
            f"Read more: kr show KB PATH:START-END (e.g. kr show {result.hits[0].kb} "
            f"{result.hits[0].location})"
        )
    )
    return "\n".join(lines)


def clip(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters, cut at a word with an ellipsis.

    >>> clip("the self-hosted services, the network", 30)
    'the self-hosted services…'
    """
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:  # a CJK run has no spaces: cut it anywhere
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def _answer_text(result: Any) -> str:
    """The answer, whose lines are its own: a KB, path or heading it names that holds a line
    break is shown with the break escaped, so it cannot start a line of its own."""
    answer = str(result.answer)
    names = {n for h in result.hits for n in (h.kb, h.path, h.title, *h.heading_path)}
    for name in sorted(names, key=len, reverse=True):
        if name and one_line(name) != name:
            answer = answer.replace(name, escape_breaks(name))
    return answer
