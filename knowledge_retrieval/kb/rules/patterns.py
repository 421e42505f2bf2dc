"""Path patterns of README rules: how a folder, file or glob selects KB files, per folder for a walk."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Iterable

from ...models import KBRules

# wcmatch is imported where first needed: rules without globs, and globs whose translation
# the README rules cache holds, never load it

log = logging.getLogger(__name__)

CODE = re.compile(r"`([^`\n]+)`")
"""A backticked item of README text."""
QUOTED = re.compile(
    r"[「『“‘\"]([^「」『』“”‘’\"\s\x00`]{1,60})[」』”’\"]"
    r"|(?<![\w'])'([^'\s\x00`]{1,60})'(?![\w'])"
)
"""A name in quotes, Chinese or curly or straight ("「舊嘢」入面", "the “scratch” pile", "in
'kiln-copy'"); a straight single quote with a letter beside it outside is an apostrophe."""


PROSE_NAME = re.compile(r"(?<![\w./\\`'’\x00-])[A-Za-z0-9][\w-]{0,60}(?![\w/`'’\x00-])")
"""A word of README prose that may be a folder's name written bare ("old-2023-24 is last
season's", "yarns is our scribble pad"): a mention where the KB has that folder and the word
is no common word (:func:`.mentions.mask_mentions`)."""


SLASH_HEAD = re.compile(r"(?<![\w./\\@:#~`-])(\w[\w.-]{0,60})/(?=\w)")
"""The first name of a path written bare (电子秤/校验单): a folder only if the KB has it, since
"and/or" and "退货/退款" are words."""


@functools.lru_cache(maxsize=256)
def bare_names(text: str) -> frozenset[str]:
    """The names README ``text`` writes bare, backticked or in quotes, with no path separator
    (`draft_ideas`, 「舊嘢」): those that may be folders of its KB. Read once per text: every
    search of the KB asks (no parser is loaded for it)."""
    codes = [m.group(1).strip() for m in CODE.finditer(text)]
    names = set(codes)
    # the first name of a path with blanks in it (`Old Minutes/`): a folder only if the KB has it
    names |= {head for c in codes if " " in (head := c.split("/", 1)[0]) and "/" in c}
    names |= {m.group(1) or m.group(2) for m in QUOTED.finditer(text)}
    names |= {m.group(0) for m in PROSE_NAME.finditer(text)}
    names |= {m.group(1) for m in SLASH_HEAD.finditer(text)}
    return frozenset(n for n in names if n and "/" not in n and "\\" not in n)


EXT = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
GLOB_CHARS = re.compile(r"[*?\[{]")
_EXT, _GLOB_CHARS = EXT, GLOB_CHARS


_NAME_WORDS = r"[^\s/-][^\s/]*(?: [^\s/-][^\s/]*)*"
_SPACED = re.compile(rf"[^\s/]+/(?:{_NAME_WORDS}/)*(?:{_NAME_WORDS})?")
"""A path with single blanks in its names after the first (`notes/from Jess/`, `dir/2017
list.docx`), ending as a folder or a file: a command with a path (`cd docs/`) has a blank in
its first name."""
_SPACED_END = re.compile(r"(?:/|\.[A-Za-z]\w{0,9})$")
_NAMED_FIRST = re.compile(r"[^\s/]+(?: [^\s/]+)+/(?:[^/]+/)*")
"""A folder with blanks in its first name too (`bulletin 2017-2020/`, `营运部 (复本)/`) when a
word after the first holds a digit, a Chinese character or a bracketed aside, or the first word
holds a digit or a Chinese character (a command with a folder, `cd docs/`, holds none of
these)."""
_NAME_MARK = re.compile(
    r" (?:(?=[^\s/\d\u3400-\u9fff]*+[\d\u3400-\u9fff])[^\s/]*+|\([^()\s/]++\))(?=[ /])"
)
_FIRST_MARK = re.compile(r"[^\s/\d\u3400-\u9fff]*+[\d\u3400-\u9fff]")
"""A first word that holds a digit or a Chinese character (`2019-2020 parent letters/`, `2023-Q3
reorg/`): no command's."""
_BRACKETED = re.compile(r"(?<![^\s/])\([^()/]{1,40}\)(?=[\s/.])")
"""A bracketed aside in a name (`Ops (copy)/`, `运营部 (副本)/`): no call (`f(x)`)."""


def is_pathlike(item: str) -> bool:
    """Whether a backticked item of a README sentence names a path (``docs/``, ``*.md``, ``a.md``)."""
    if not item or len(item) > 300 or item[0] in "-$":
        return False
    if re.search(r"://|[()=;\"'\t\n]", _BRACKETED.sub("", item)):
        return False
    spaced = _SPACED.fullmatch(item) and _SPACED_END.search(item)
    head = item.split("/", 1)[0]
    first = _NAMED_FIRST.fullmatch(item) and (
        _NAME_MARK.search(head + "/") or _FIRST_MARK.match(head)
    )
    if " " in item and not (spaced or first):  # `cd docs/`
        return False
    return ".." not in item.split("/") and (
        "/" in item
        or bool(_GLOB_CHARS.search(item) or _EXT.search(item))
        or (item.startswith(".") and len(item) > 1)
    )


def norm_pattern(pattern: str) -> str:
    """Strip ``./`` and leading ``/``; keep a trailing ``/`` (a folder)."""
    p = re.sub(r"/{2,}", "/", pattern.strip())
    while p.startswith("./"):
        p = p[2:]
    p = p.lstrip("/")
    return "" if p == "." else p


Translation = tuple[tuple[str, ...], tuple[str, ...]]
"""wcmatch's translation of one glob: the regular expressions it includes and excludes."""
TRANSLATED: dict[tuple[str, bool], Translation] = {}
"""(glob, basename) -> its translation; seeded from the README rules cache (``cache.py``), so
a process whose README parse is cached matches its globs without importing wcmatch."""


def translate(pattern: str, basename: bool) -> Translation:
    """wcmatch's translation of a glob with the flags of :func:`path_matches`."""
    got = TRANSLATED.get((pattern, basename))
    if got is None:
        from wcmatch import glob as wcglob

        flags = (
            wcglob.GLOBSTAR
            | wcglob.DOTGLOB
            | wcglob.BRACE
            | wcglob.FORCEUNIX
            | wcglob.CASE
            | (wcglob.MATCHBASE if basename else 0)
        )
        include, exclude = wcglob.translate(pattern, flags=flags)
        got = TRANSLATED[(pattern, basename)] = (tuple(include), tuple(exclude))
    return got


def glob_keys(patterns: Iterable[str]) -> set[tuple[str, bool]]:
    """The (glob, basename) pairs :func:`matcher` is asked for when these rule paths are
    matched (paths without glob characters need no translation)."""
    out: set[tuple[str, bool]] = set()
    for pattern in patterns:
        pat = norm_pattern(pattern)
        glob = pat.rstrip("/") if pat.endswith("/") else pat
        if pat and _GLOB_CHARS.search(glob):
            out.add((glob, "/" not in glob))
    return out


@functools.lru_cache(maxsize=1024)
def matcher(pattern: str, basename: bool) -> Callable[[str], bool]:
    """wcmatch's matcher for one glob, as its translated regular expressions: wcmatch's own
    ``match`` is these ``fullmatch`` calls plus several Python calls per path."""
    include, exclude = translate(pattern, basename)
    inc = [re.compile(x).fullmatch for x in include]
    exc = [re.compile(x).fullmatch for x in exclude]
    if len(inc) == 1 and not exc:
        one = inc[0]
        return lambda path: one(path) is not None
    return lambda path: any(m(path) for m in inc) and not any(m(path) for m in exc)


def path_matches(rel_path: str, pattern: str) -> bool:
    """Whether a KB-relative POSIX path is selected by one include/exclude/emphasize/entry pattern.

    * ``name/`` — a single folder name with a trailing slash — matches files under any folder
      of that name, at any depth (like ``.gitignore``): ``drafts/`` matches ``drafts/a.md``
      and ``docs/drafts/a.md``.
    * ``a/b/`` — a folder path — matches files under that folder only, from the KB root.
    * A glob (``*``, ``?``, ``[...]``, ``{a,b}``; ``**`` crosses folders; dot-files match)
      matches the path or one of its parent folders; a glob without ``/`` (``*.json``) is
      matched against each file or folder name, at any depth.
    * Anything else is a path from the KB root: the file itself, or everything under it
      if it names a folder (``docs/index.mdx``; ``index.md`` is the root index only).

    A leading ``./`` or ``/`` is ignored; matching is case-sensitive.
    """
    pat, path = norm_pattern(pattern), norm_pattern(rel_path).rstrip("/")
    if not pat or not path:
        return False
    parents = ["/".join(path.split("/")[:i]) for i in range(path.count("/"), 0, -1)]
    folder = pat.rstrip("/")
    try:
        if pat.endswith("/") and _GLOB_CHARS.search(folder):
            return any(map(matcher(folder, "/" not in folder), parents))
        if pat.endswith("/") and "/" not in folder:
            return folder in path.split("/")[:-1]
        if pat.endswith("/"):
            return path.startswith(folder + "/")
        if _GLOB_CHARS.search(pat):
            return any(map(matcher(pat, "/" not in pat), (path, *parents)))
    except Exception:  # a malformed glob selects nothing
        log.debug("unusable path pattern %r", pattern, exc_info=True)
        return False
    return path == pat or path.startswith(pat + "/")


_FolderTest = Callable[[str, list[str], list[str]], bool]
"""(folder, its ancestors from itself up, its names) -> whether a pattern selects its files."""


def _pattern_parts(pattern: str) -> tuple[_FolderTest, Callable[[str], bool] | None] | None:
    """:func:`path_matches` for one pattern, split into the part decided by a file's folder and
    the part that needs the file's own path (None: no such part); None when it selects nothing."""
    pat = norm_pattern(pattern)
    if not pat:
        return None
    folder = pat.rstrip("/")
    try:
        if pat.endswith("/") and _GLOB_CHARS.search(folder):
            m = matcher(folder, "/" not in folder)
            return (lambda _d, parents, _names: any(map(m, parents))), None
        if pat.endswith("/") and "/" not in folder:
            return (lambda _d, _parents, names: folder in names), None
        if pat.endswith("/"):
            under = folder + "/"
            return (lambda d, _parents, _names: f"{d}/".startswith(under) if d else False), None
        if _GLOB_CHARS.search(pat):
            m = matcher(pat, "/" not in pat)
            return (lambda _d, parents, _names: any(map(m, parents))), m
    except Exception:  # a malformed glob selects nothing
        log.debug("unusable path pattern %r", pattern, exc_info=True)
        return None
    under = pat + "/"
    return (lambda d, _parents, _names: f"{d}/".startswith(under) if d else False), pat.__eq__


def _always(_path: str) -> bool:
    return True


def _never(_path: str) -> bool:
    return False


class FolderScope:
    """:func:`is_included` for a stat walk, one folder at a time: what a pattern decides from a
    file's folder is worked out once for the folder, leaving at most one regular-expression
    match per file and pattern (or none: ``drafts/``, ``docs/``, ``abstracts/**``)."""

    def __init__(self, rules: KBRules) -> None:
        self._rules = rules
        self._include = [x for p in rules.include if (x := _pattern_parts(p)) is not None]
        self._exclude = [x for p in rules.exclude if (x := _pattern_parts(p)) is not None]
        self._narrower = bool(rules.exclude and (rules.emphasize or rules.entry))
        """A path preferred inside one put out may be kept (:func:`is_included` decides)."""

    def folder(self, rel_dir: str) -> Callable[[str], bool]:
        """Whether a file directly in ``rel_dir`` (KB-relative, ``""`` for the KB folder) is
        included, given its KB-relative path; the same answer as :func:`is_included`."""
        rules = self._rules
        if rel_dir[:1].isspace():  # path_matches strips it: leave such paths to is_included
            return functools.partial(_is_included, rules=rules)
        names = rel_dir.split("/") if rel_dir else []
        parents = ["/".join(names[:i]) for i in range(len(names), 0, -1)]

        def decide(
            parts: list[tuple[_FolderTest, Callable[[str], bool] | None]],
        ) -> tuple[bool, list[Callable[[str], bool]]]:
            tests = []
            for in_folder, per_file in parts:
                if in_folder(rel_dir, parents, names):
                    return True, []
                if per_file is not None:
                    tests.append(per_file)
            return False, tests

        every, inc = decide(self._include) if rules.include else (True, [])
        none, exc = decide(self._exclude)
        test: Callable[[str], bool]
        if none or not (every or inc):
            test = _never
        elif every and not exc:
            test = _always
        elif every:
            test = lambda p: not any(t(p) for t in exc)
        elif not exc and len(inc) == 1:
            test = inc[0]
        else:
            test = lambda p: any(t(p) for t in inc) and not any(t(p) for t in exc)
        if self._narrower and test is not _always:
            coarse = test
            test = lambda p: coarse(p) or _is_included(p, rules)
        if rel_dir:
            return test
        fast = test
        return lambda p: _is_included(p, rules) if p[:1].isspace() else fast(p)


def _is_included(rel_path: str, rules: KBRules) -> bool:
    return is_included(rel_path, rules)


@functools.lru_cache(maxsize=1 << 18)
def is_included(rel_path: str, rules: KBRules) -> bool:
    """Inside the KB's scope: matches an ``include`` pattern (none = all) and no ``exclude``,
    or one put out only by a folder around a path the README names more narrowly to prefer or
    start from ("everything else in `passes/` is history; the schedule is `passes/now.md`"):
    the narrower rule wins, as a more specific pattern does in ``.gitignore``."""
    if rules.include and not any(path_matches(rel_path, p) for p in rules.include):
        return False
    out = [p for p in rules.exclude if path_matches(rel_path, p)]
    if not out:
        return True
    deepest = max(map(_depth, out))
    return any(
        _depth(p) > deepest and path_matches(rel_path, p) for p in (*rules.emphasize, *rules.entry)
    )


def _depth(pattern: str) -> int:
    """How narrowly a pattern names a path: its names that are no glob (`a/b.md` 2, `a/**` 1)."""
    return sum(1 for n in pattern.strip("/").split("/") if n and not _GLOB_CHARS.search(n))


@functools.lru_cache(maxsize=1 << 16)
def is_emphasized(rel_path: str, rules: KBRules) -> bool:
    """Under a folder or matching a file the README says to prefer."""
    return any(path_matches(rel_path, p) for p in rules.emphasize)


@functools.lru_cache(maxsize=1 << 16)
def is_entry(rel_path: str, rules: KBRules) -> bool:
    """One of the index / overview files the README says to start from."""
    return any(path_matches(rel_path, p) for p in rules.entry)
