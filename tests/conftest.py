"""Shared fixtures: every test gets its own index home, and copies of KB roots it may edit."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SAMPLE_ROOT = REPO / "KnowledgeBase"
EVAL_ROOT = REPO.parent / "shared" / "eval"


@pytest.fixture(autouse=True, scope="session")
def _dictionary_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The jieba dictionary copy goes to one folder for the whole run, not the user's cache."""
    home = tmp_path_factory.mktemp("dict-home")
    os.environ["KR_DICT_DIR"] = str(home)
    return home


@pytest.fixture(autouse=True, scope="session")
def _lexical_only() -> None:
    """The semantic layer is off unless a test turns it on (tests/semantic/): results are the
    lexical engine's, whatever extras are installed."""
    os.environ["KR_EMBEDDER"] = "off"


@pytest.fixture(autouse=True)
def _index_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Indexes go to a fresh folder per test, never to the user's cache. The process's open
    indexes are closed after each test: each holds an inotify instance, and a user has 128
    (fs.inotify.max_user_instances), so a suite that kept them all would make later tests walk
    their KBs instead of watching them."""
    home = tmp_path_factory.mktemp("index-home")
    monkeypatch.setenv("KR_INDEX_DIR", str(home))
    monkeypatch.delenv("KNOWLEDGE_BASE_ROOT", raising=False)
    yield home
    from knowledge_retrieval.index import store

    with store._REGISTRY_LOCK:
        open_indexes = list(store._REGISTRY.values())
        store._REGISTRY.clear()
    for kbi in open_indexes:
        kbi.close()


@pytest.fixture
def sample_root(tmp_path: Path) -> Path:
    """A private copy of the bundled KnowledgeBase/ (tests may edit it)."""
    dst = tmp_path / "KnowledgeBase"
    shutil.copytree(SAMPLE_ROOT, dst)
    return dst


def write(path: Path, text: str) -> Path:
    """Write a UTF-8 file, creating its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


HOMELAB_README = """\
---
description: My homelab - the self-hosted services, the network, storage, backups and the
  procedures I follow to upgrade and repair them.
keywords: [homelab, jellyfin, proxmox, zfs, wireguard, pi-hole, 家庭服务器]
languages: [en, zh]
exclude: ["old/"]
emphasize: ["procedures/"]
---

# Homelab

Notes on the machines under my desk: what runs where, on which port, and how to fix it.
"""

HOMELAB_FILES = {
    "services/jellyfin.md": "# Jellyfin\n\nJellyfin listens on port 8096 (HTTP) on the media VM."
    "\nThe library is mounted read-only from tank/media.\n",
    "services/pihole.md": "# Pi-hole\n\nPi-hole answers DNS for the LAN on 192.168.1.3; its admin"
    " page is on port 8080.\n",
    "services/nextcloud.md": "# Nextcloud\n\nNextcloud runs in Docker behind Caddy; the data"
    " folder is on tank/nextcloud.\n",
    "network/wireguard.md": "# WireGuard\n\nThe WireGuard tunnel listens on UDP port 51820; peers"
    " get addresses from 10.8.0.0/24.\n",
    "network/vlans.md": "# VLANs\n\nVLAN 10 is trusted, VLAN 20 is IoT, VLAN 30 is guests.\n",
    "storage/zfs.md": "# ZFS pool\n\nThe pool tank is a mirror of two 8 TB disks; a scrub runs on"
    " the first Sunday of the month.\n",
    "procedures/replace-disk.md": "# Replace a failed disk\n\n1. Run `zpool status tank` to find"
    " the failed disk.\n2. Run `zpool replace tank OLD NEW`.\n3. Wait for the resilver to finish.\n",
    "procedures/upgrade-proxmox.md": "# Upgrade Proxmox\n\n1. Back up the VMs with vzdump.\n"
    "2. Run `apt update && apt full-upgrade`.\n3. Reboot the host.\n",
    "notes/停电.md": "# 停电处理\n\nUPS 电池可以支撑 15 分钟。停电超过 5 分钟时，NUT 会自动关闭"
    " Proxmox 主机。\n",
    "inventory.csv": "device,ip,role\nproxmox,192.168.1.10,hypervisor\nnas,192.168.1.20,storage\n"
    "pihole,192.168.1.3,dns\n",
    "old/jellyfin-2019.md": "# Jellyfin (2019)\n\nJellyfin used port 8920 on the old server.\n",
}


def make_homelab(parent: Path) -> Path:
    """A KnowledgeBase root with one KB of a new user's own, ``homelab``: eight notes, a
    Chinese page, a CSV and an ``old/`` folder its README excludes. No ``teams.yaml``."""
    root = parent / "KnowledgeBase"
    write(root / "homelab" / "README.md", HOMELAB_README)
    for rel, text in HOMELAB_FILES.items():
        write(root / "homelab" / rel, text)
    return root


@pytest.fixture
def homelab_root(tmp_path: Path) -> Path:
    """See :func:`make_homelab`."""
    return make_homelab(tmp_path)
