"""Skills and tool descriptions speak of the root's own KBs, not of the sample's domain.

On a homelab root (eight notes, a Chinese page, a CSV, an ignored ``old/``, no teams.yaml) the
installed retrieve-doc and local-knowledge-retrieval skills, the MCP tool description and the
tool's hints are generated from the homelab's README; the seeds' general workflow, output format
and rules stay word for word.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import ClientSession

from knowledge_retrieval import list_kbs
from knowledge_retrieval.interfaces.skills import install_skill
from knowledge_retrieval.service.agent_tool import TOOL_DESCRIPTION, KnowledgeTool

from ..conftest import REPO, make_homelab
from ..interfaces.test_mcp import Session, serve, text

SEEDS = REPO.parent / "shared" / "seeds"
OTHER_DOMAIN = re.compile(
    r"(?i)\borders\b|order status|inventory|voucher|stock level|ORDER_STATUS|payments|glossary|"
    r"logistics|"
    r"troubleshooting knowledge base|oversold|\b5297\b"
)

SEED_RULES = [  # general sentences of the retrieve-doc seed, kept word for word
    "Search documents before explaining domain concepts to avoid guessing from generic semantics.",
    "Source-code search. Use a code agent or code retrieval tool instead.",
    "Whether to use Memory depends only on the Memory System field in the team mapping table above.",
    "When Memory KB has valid results, format and return them directly.",
    "For table-type results, convert the first CSV data row into field: value format.",
    (
        "Scripts are responsible only for calling APIs and normalizing results. They do not choose "
        "teams, determine whether Memory is enabled, or decide fallback order."
    ),
    (
        "Do not assume the current working directory is the skill root; in installed environments "
        "execution may start from the parent .codex/skills directory."
    ),
    (
        "If the component is mapped with access=denied, do not use explicit kb_ids, do not fall "
        "back to the default KB, and do not call Memory KB or Smart KB."
    ),
    "If Smart KB returns an error, retrieval failed; do not perform any other KB fallback.",
    "return up to 5 document snippets in this format:",
    "Split broad questions into multiple focused queries.",
    (
        "If only partial information is found, clearly state which parts were found and which parts "
        "are missing."
    ),
    (
        "Do not treat retrieved snippets as real-time facts; real-time status must be verified with "
        "the corresponding real-time data tool."
    ),
]


def flat(md: str) -> str:
    return " ".join(md.replace("`", "").replace("- ", " ").split())


def test_seed_rules_are_in_the_seed() -> None:
    seed = SEEDS / "retrieve-doc-workflow.txt"
    if not seed.is_file():
        pytest.skip("the seeds are not beside the repository")
    text = flat(seed.read_text(encoding="utf-8").replace("•", ""))
    for rule in SEED_RULES:
        assert flat(rule) in text, rule


def test_skills_on_a_homelab_speak_of_the_homelab(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    rd = install_skill("retrieve-doc", tmp_path / "skills", root=root).path / "SKILL.md"
    lk = install_skill("local-knowledge-retrieval", tmp_path / "skills", root=root)
    body = rd.read_text(encoding="utf-8")
    local = (lk.path / "SKILL.md").read_text(encoding="utf-8")
    for name, md in (("retrieve-doc", body), ("local-knowledge-retrieval", local)):
        hit = OTHER_DOMAIN.search(md)
        assert hit is None, f"{name} speaks of another domain: {hit and hit.group(0)!r}"
    # the scope: the homelab's description, keywords, languages and emphasized folder
    assert (
        "  - `homelab`: My homelab - the self-hosted services, the network, storage, backups and "
        "the procedures I follow to upgrade and repair them. Keywords: jellyfin, proxmox, zfs, "
        "wireguard, pi-hole, 家庭服务器. Written in English and Chinese. Prefer `procedures/`.\n"
    ) in body
    # its best answers are procedures: in scope, not sent to "team skills"
    assert (
        "Procedures and step-by-step instructions are in scope here: `homelab` (`procedures/`)"
        in body
    )
    assert "SOPs" not in body and "team skill;" not in body
    assert "description: >-\n  Look up what this root's local knowledge bases say before" in body
    meta = yaml.safe_load(body.split("---\n", 2)[1])
    assert meta["description"].startswith(
        "Look up what this root's local knowledge bases say before explaining it: homelab (My "
        "homelab - the self-hosted services, the network, storage, backups and the procedures "
    )
    assert meta["description"].endswith("Not for real-time data or source code.")
    assert len(meta["description"]) <= 1024
    assert "a single vague term such as `jellyfin`; add business context." in body
    assert "when empty, the library chooses the knowledge base (there is no `teams.yaml`)" in body
    for rule in SEED_RULES:
        assert flat(rule) in flat(body), rule
    assert (
        "asks about what these knowledge bases cover: homelab (jellyfin, proxmox, zfs, wireguard, "
        "pi-hole, 家庭服务器)." in " ".join(local.split())
    )
    assert (
        "a folder name such as\n   `homelab`, or a path such as `KnowledgeBase/homelab/`" in local
    )


def test_the_sample_keeps_the_seeds_team_rules(sample_root: Path, tmp_path: Path) -> None:
    body = (
        install_skill("retrieve-doc", tmp_path / "skills", root=sample_root).path / "SKILL.md"
    ).read_text(encoding="utf-8")
    assert "when empty, use the `troubleshooting` knowledge base." in body
    assert 'for unknown teams, fall back to ["troubleshooting"].' in body
    assert "switch to the corresponding team skill; do not expect KB to return SOPs." in body
    assert "`payments`: Payment and order domain of the order platform" in body


def test_tool_description_and_hints_come_from_the_root(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    assert OTHER_DOMAIN.search(TOOL_DESCRIPTION) is None  # the description without a root

    out = KnowledgeTool(root).call("query_knowledge", {"action": "query"})
    assert out.is_error
    assert out.envelope["error"]["hint"] == (
        'send the question as specific keywords, e.g. query_text="jellyfin"'
    )
    out = KnowledgeTool(root).call(
        "query_knowledge", {"action": "query", "kb_id": " ", "query_text": "x"}
    )
    assert 'e.g. kb_id="homelab"' in out.envelope["error"]["hint"]

    async def body(session: ClientSession, call: Session) -> None:
        init_text = session  # the tools as a client lists them
        tools = {t.name: t for t in (await init_text.list_tools()).tools}
        desc = tools["query_knowledge"].description or ""
        assert OTHER_DOMAIN.search(desc) is None, desc
        assert "The knowledge bases here (1):\n- `homelab`: My homelab" in desc
        assert "Prefer `procedures/`." in desc
        assert "Procedures and step-by-step instructions are in scope here" in desc
        assert desc.startswith("Search and retrieve information from knowledge bases.")
        r = await call("query_knowledge", {"action": "query", "kb_id": "homelab"})
        assert r.is_error and 'query_text="jellyfin"' in text(r)
        found = await call(
            "query_knowledge", {"action": "query", "query_text": "replace a failed disk"}
        )
        assert "homelab/procedures/replace-disk.md" in text(found)

    serve(root, body=body)


def test_tool_description_of_the_seed_word_for_word() -> None:
    seed = SEEDS / "query-knowledge-tool.yaml"
    if not seed.is_file():
        pytest.skip("the seeds are not beside the repository")
    prompt: str = yaml.safe_load(seed.read_text(encoding="utf-8"))["spec"]["llm_prompt"]
    assert prompt.strip() in TOOL_DESCRIPTION


def test_scope_of_several_kbs(sample_root: Path) -> None:
    from knowledge_retrieval.service.scope import examples, languages, procedures

    kbs: list[Any] = list(list_kbs(sample_root))
    ex = examples(kbs)
    assert (ex.kb, ex.other_kb, ex.query) == ("glossary", "logistics", "SHIP_STATUS")
    assert languages(kbs) == "Simplified Chinese, Traditional Chinese, English and Chinese"
    assert procedures(kbs) == []


# --------------------------------------------------------------------------- budgets


def many_kbs(root: Path, n: int) -> None:
    for i in range(n):
        folder = root / f"kb{i:04d}"
        folder.mkdir(parents=True)
        (folder / "README.md").write_text(
            f"# kb{i:04d}\n\nNotes on storage pools, backups and media server number {i}. "
            "Layout and snapshots are described in detail for the operators.\n\n"
            f"Keywords: zfs, jellyfin, vlan{i}, backup, snapshot\n",
            encoding="utf-8",
        )


def test_texts_for_agents_keep_to_a_budget_however_many_kbs(tmp_path: Path) -> None:
    """300 KBs: the tool description, the server instructions and both SKILL.md files stop
    near their byte budget and say how many more there are and where to list them."""
    from knowledge_retrieval.interfaces.mcp_server import instructions
    from knowledge_retrieval.service.agent_tool import tool_description
    from knowledge_retrieval.service.scope import LIST_BYTES, LIST_KBS

    root = tmp_path / "KnowledgeBase"
    many_kbs(root, 300)
    kbs = list(list_kbs(root))
    desc = tool_description(kbs)
    assert len(desc.encode()) < len(TOOL_DESCRIPTION.encode()) + LIST_BYTES + 1000
    shown = re.findall(r"(?m)^- `kb\d{4}`: ", desc)
    assert 20 <= len(shown) <= LIST_KBS
    assert f'\n- … and {300 - len(shown)} more: call query_knowledge with action="list"\n' in desc
    inst = instructions(kbs)
    assert len(inst.encode()) < LIST_BYTES + 1000
    assert 'more: call query_knowledge with action="list"' in inst
    for name in ("retrieve-doc", "local-knowledge-retrieval"):
        skill_md = install_skill(name, tmp_path / "skills", root=root).path / "SKILL.md"
        text = skill_md.read_text(encoding="utf-8")
        assert len(text.encode()) < 40_000, (name, len(text.encode()))
        assert "more: run `scripts/kr list` for every knowledge base" in text, name
        meta = yaml.safe_load(text.split("---\n", 2)[1])
        assert len(meta["description"]) <= 1024, name
        assert re.search(r"; … and \d+ more[.)]", meta["description"]), meta["description"]


def test_a_kb_with_60_kb_of_keywords_is_clipped(tmp_path: Path) -> None:
    """One README keyword of 60 KB: the tool description, the skill and the not-found note
    show it clipped."""
    from knowledge_retrieval import search
    from knowledge_retrieval.service.agent_tool import tool_description
    from knowledge_retrieval.service.scope import KEYWORD_CHARS

    root = tmp_path / "KnowledgeBase"
    (root / "big").mkdir(parents=True)
    (root / "big" / "README.md").write_text(
        f"---\ndescription: A KB of pools.\nkeywords: [{'y' * 60_000}, zfs]\n---\n# Big\n",
        encoding="utf-8",
    )
    (root / "big" / "pools.md").write_text("# Pools\n\nThe tank pool is a mirror.\n", "utf-8")
    kbs = list(list_kbs(root))
    assert len(kbs[0].keywords[0]) == 60_000
    desc = tool_description(kbs)
    assert len(desc.encode()) < len(TOOL_DESCRIPTION.encode()) + 500
    assert f"Keywords: {'y' * (KEYWORD_CHARS - 1)}…, zfs." in desc
    skill = install_skill("retrieve-doc", tmp_path / "skills", root=root).path / "SKILL.md"
    assert len(skill.read_bytes()) < 15_000
    result = search("quantum entanglement", kb="big", root=root)
    assert not result.found
    assert f"try other keywords, such as the README lists: {'y' * 39}…, zfs" in result.notes


# --------------------------------------------------------------------------- what a KB covers


def test_descriptions_cut_at_a_sentence_and_the_trigger_names_each_kbs_topics(
    tmp_path: Path,
) -> None:
    root = tmp_path / "KnowledgeBase"
    long = "It also keeps the history of every change made to the pools since 2019, " * 6
    (root / "nas").mkdir(parents=True)
    (root / "nas" / "README.md").write_text(
        f"# NAS\n\nStorage pools and snapshots on the NAS. {long}\n\nKeywords: zfs, smart\n\n"
        "## Layout\n\nOne page per pool.\n\n## Jellyfin media\n\nThe library folders.\n",
        encoding="utf-8",
    )
    (root / "ops").mkdir(parents=True)
    (root / "ops" / "README.md").write_text(
        "# Ops\n\nHow I keep the machines running.\n\n## Runbooks\n\nOne page per failure.\n",
        encoding="utf-8",
    )
    local = install_skill("local-knowledge-retrieval", tmp_path / "skills", root=root).path
    text = (local / "SKILL.md").read_text(encoding="utf-8")
    assert "| `nas` | Storage pools and snapshots on the NAS. |" in text
    meta = yaml.safe_load(text.split("---\n", 2)[1])
    assert meta["description"].endswith(
        "asks about what these knowledge bases cover: nas (zfs, smart, Jellyfin media); "
        "ops (Runbooks)."
    )
    rd = install_skill("retrieve-doc", tmp_path / "skills", root=root).path / "SKILL.md"
    body = rd.read_text(encoding="utf-8")
    assert "  - `nas`: Storage pools and snapshots on the NAS. Keywords: zfs, smart." in body
    assert "Procedures and step-by-step instructions are in scope here: `ops` holds them." in body
    assert "SOPs" not in body
    meta = yaml.safe_load(body.split("---\n", 2)[1])
    assert (
        "nas (Storage pools and snapshots on the NAS; zfs, smart, Jellyfin media)"
        in (meta["description"])
    )
    assert "Storage…" not in body


def test_a_server_over_many_kbs_starts_with_short_texts(tmp_path: Path) -> None:
    """The real stdio server over 300 KBs: its instructions and the tool description a client
    lists keep to the budget."""
    import os
    import sys

    import anyio
    from mcp import StdioServerParameters
    from mcp.client.stdio import stdio_client

    from knowledge_retrieval.service.scope import LIST_BYTES

    root = tmp_path / "KnowledgeBase"
    many_kbs(root, 300)
    env = {"KR_INDEX_DIR": os.environ["KR_INDEX_DIR"], "PYTHONIOENCODING": "utf-8"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "knowledge_retrieval", "mcp", "--root", str(root)],
        env=env,
    )

    async def main(errlog: Any) -> tuple[str, str]:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            init = await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            return init.instructions or "", tools["query_knowledge"].description or ""

    with open(os.devnull, "w") as errlog:
        instructions, desc = anyio.run(main, errlog)
    assert len(instructions.encode()) < LIST_BYTES + 1000
    assert len(desc.encode()) < len(TOOL_DESCRIPTION.encode()) + LIST_BYTES + 1000
    for told in (instructions, desc):
        assert re.search(r'\n- … and \d+ more: call query_knowledge with action="list"', told)
