"""Every relative link and anchor in README.md and docs/*.md points at something that exists,
and the README stays short (issue #23: at most 300 lines; the rest lives in docs/).

Needs no binary: it reads the markdown only."""
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 300

# [text](target) and ![alt](target); the target ends at whitespace (before an optional title) or ")".
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# Reference definitions: [label]: target
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT_ANCHOR = re.compile(r"<a\s+[^>]*?(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
FENCE = re.compile(r"^\s{0,3}(```|~~~)")


def markdown_files():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def prose_lines(text):
    """The file's lines outside fenced code blocks (links and headings there are code)."""
    fence = None
    for line in text.splitlines():
        match = FENCE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is None:
            yield line


def without_code_spans(line):
    return re.sub(r"(`+)(.+?)\1", "", line)


def slug(heading):
    """GitHub's anchor for a heading: inline markup dropped, lower case, punctuation other than
    hyphens and spaces removed, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    parts = re.split(r"(`+[^`]*`+)", text)  # code spans keep their text, HTML elsewhere goes
    text = "".join(part.strip("`") if part.startswith("`") else re.sub(r"<[^>]+>", "", part) for part in parts)
    text = text.replace("*", "")
    text = re.sub(r"(?<!\w)_+|_+(?!\w)", "", text)  # emphasis underscores, not snake_case
    text = text.strip().lower()
    text = "".join(c for c in text if c in "-_ " or unicodedata.category(c)[0] in "LNM")
    return text.replace(" ", "-")


def anchors(path):
    seen = {}
    result = set()
    text = path.read_text()
    for line in prose_lines(text):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    result.update(EXPLICIT_ANCHOR.findall(text))
    return result


def links(path):
    for line in prose_lines(path.read_text()):
        line = without_code_spans(line)
        for target in LINK.findall(line) + REFERENCE.findall(line):
            yield target


def is_external(target):
    return re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) is not None or target.startswith("//")


def relative_links():
    for path in markdown_files():
        for target in links(path):
            if not is_external(target):
                yield pytest.param(path, target, id=f"{path.relative_to(ROOT)}->{target}")


def test_slugs_follow_github():
    assert slug("Push: MQTT, Home Assistant and notifications") == "push-mqtt-home-assistant-and-notifications"
    assert slug("`widgets.json`") == "widgetsjson"
    assert slug("`badges/<target>.json` — one badge per target") == "badgestargetjson--one-badge-per-target"
    assert slug("Running unattended (systemd)") == "running-unattended-systemd"
    assert slug("The snapshot format (schema 1)") == "the-snapshot-format-schema-1"


def test_duplicate_headings_get_numbered(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# A\n\n## Notes\n\n```\n# not a heading\n```\n\n## Notes\n\n### Notes\n<a id=\"here\"></a>\n")
    assert anchors(page) == {"a", "notes", "notes-1", "notes-2", "here"}


def test_there_are_links_to_check():
    assert len(list(relative_links())) > 20


@pytest.mark.parametrize("path, target", relative_links())
def test_relative_link_resolves(path, target):
    file_part, _, anchor = target.partition("#")
    linked = (path.parent / unquote(file_part)).resolve() if file_part else path
    assert linked.exists(), f"{path.relative_to(ROOT)}: {target}: no file {linked}"
    if anchor:
        assert linked.suffix == ".md", f"{path.relative_to(ROOT)}: {target}: an anchor into a file that is not markdown"
        assert unquote(anchor) in anchors(linked), (
            f"{path.relative_to(ROOT)}: {target}: no heading or <a id> '{anchor}' in {linked.relative_to(ROOT)}")


def test_readme_is_at_most_300_lines():
    count = len((ROOT / "README.md").read_text().splitlines())
    assert count <= README_MAX_LINES, f"README.md has {count} lines; move detail into docs/"
