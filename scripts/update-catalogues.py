#!/usr/bin/env python3
"""Writes po/netsnap.pot from the message enums of Sources/NetsnapLanguage/*Phrase.swift
(Phrase.swift first, then the others by name), then brings every
po/*.po in step with it (gettext's msgmerge: new messages added untranslated, changed ones
marked fuzzy, their translations kept). Run after adding or changing a Phrase:

    python3 scripts/update-catalogues.py            # the template and every catalogue
    python3 scripts/update-catalogues.py --check    # exit 1 when po/netsnap.pot is out of date
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources/NetsnapLanguage"
TEMPLATE = ROOT / "po/netsnap.pot"

HEADER = '''# netsnap's messages: the source catalogue, written by scripts/update-catalogues.py from
# Sources/NetsnapLanguage/Phrase.swift. Translators copy it to po/LANG.po (docs/translating.md).
msgid ""
msgstr ""
"Project-Id-Version: netsnap\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
'''


def swift_string(literal):
    """The value of a Swift string literal's body: \\u{04} and \\" unescaped."""
    return re.sub(r"\\u\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), literal).replace('\\"', '"')


def po_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def enums():
    """[(kind, body)] of every message enum, Phrase.swift's first."""
    files = sorted(SOURCES.glob("*Phrase.swift"), key=lambda path: (path.name != "Phrase.swift", path.name))
    found = []
    for path in files:
        for kind, body in re.findall(r"^public enum \w+: String, (MessageText|CountedMessageText) \{\n(.*?)^\}", path.read_text(), re.M | re.S):
            found.append((kind, body))
    return found


def messages():
    """[(context, id, plural or None)] in source order."""
    found = []
    for kind, body in enums():
        if kind == "MessageText":
            # swift format may break a long case after its "=".
            for text in re.findall(r'^\s*case \w+ =\s*"((?:[^"\\]|\\.)*)"', body, re.M):
                found.append((swift_string(text), None))
        else:
            found += counted(body)
    result = []
    for raw, plural in found:
        context, _, text = raw.rpartition("\x04")
        result.append((context or None, text, plural))
    return result


def counted(counted):
    found = []
    plurals = {}
    for names, value in re.findall(r'case ((?:\.\w+(?:, )?)+): ("(?:[^"\\]|\\.)*"|rawValue)', counted):
        for name in names.split(", "):
            plurals[name.lstrip(".")] = value
    for name, body in re.findall(r'^\s*case (\w+) =\s*"((?:[^"\\]|\\.)*)"', counted, re.M):
        plural = plurals[name]
        found.append((swift_string(body), swift_string(body if plural == "rawValue" else plural[1:-1]).split("\x04")[-1]))
    return found


def template():
    entries = [HEADER]
    for context, text, plural in messages():
        lines = []
        if "{" in text:
            lines.append("#, python-brace-format")
        if context:
            lines.append("msgctxt " + po_string(context))
        lines.append("msgid " + po_string(text))
        if plural is None:
            lines.append('msgstr ""')
        else:
            lines += ["msgid_plural " + po_string(plural), 'msgstr[0] ""', 'msgstr[1] ""']
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def main():
    text = template()
    if "--check" in sys.argv:
        if TEMPLATE.read_text() != text:
            print("po/netsnap.pot is out of date: run python3 scripts/update-catalogues.py", file=sys.stderr)
            return 1
        return 0
    TEMPLATE.write_text(text)
    for catalogue in sorted(TEMPLATE.parent.glob("*.po")):
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap", str(catalogue), str(TEMPLATE)], check=True)
        # Messages the code no longer has would linger as "#~" entries; translators keep history in git.
        subprocess.run(["msgattrib", "--no-obsolete", "--no-wrap", "-o", str(catalogue), str(catalogue)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
