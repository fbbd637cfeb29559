"""docs/architecture.md describes the module graph Package.swift declares (issue #34 §4): the
text graph lists every target with exactly its dependencies (package targets, and outside
products in brackets), the picture draws no arrow the package lacks, and every Swift module
opens with a file named after it that says what the module is for."""
import json
import re
import subprocess

from conftest import ROOT

ARCHITECTURE = ROOT / "docs/architecture.md"


def package_graph():
    """{target: (set of package targets, set of outside products)} from `swift package dump-package`."""
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    graph = {}
    for target in json.loads(dump.stdout)["targets"]:
        if target["type"] == "test" or target["type"] == "system":
            continue
        inside, outside = set(), set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind == "product":
                outside.add(value[0])
            else:
                inside.add(value[0])
        graph[target["name"]] = (inside, outside)
    return graph


def documented_graph():
    """The same from the text block after "The same graph as text": `Name : deps [outside] (note)`,
    continued on indented lines."""
    text = ARCHITECTURE.read_text().split("The same graph as text", 1)[1]
    block = text.split("```", 2)[1]
    entries, current = {}, None
    for line in block.splitlines():
        if not line.strip():
            continue
        if not line[0].isspace():
            name, _, rest = line.partition(":")
            current = name.strip()
            entries[current] = rest
        else:
            entries[current] += " " + line
    graph = {}
    for name, rest in entries.items():
        rest = re.sub(r"\([^)]*\)", " ", rest)
        outside = set(" ".join(re.findall(r"\[([^\]]*)\]", rest)).split())
        inside = set(re.sub(r"\[[^\]]*\]", " ", rest).split())
        graph[name] = (inside, outside)
    return graph


def test_the_documented_graph_is_the_package_graph():
    real, documented = package_graph(), documented_graph()
    assert set(documented) == set(real), (
        f"targets only in Package.swift: {sorted(set(real) - set(documented))}; "
        f"only in the page: {sorted(set(documented) - set(real))}")
    wrong = []
    for name, (inside, outside) in real.items():
        doc_inside, doc_outside = documented[name]
        if inside != doc_inside:
            wrong.append(f"{name}: package {sorted(inside ^ doc_inside)} differ (page {sorted(doc_inside)})")
        if outside != doc_outside:
            wrong.append(f"{name}: outside products {sorted(outside ^ doc_outside)} differ")
    assert not wrong, "\n".join(wrong)


def test_the_picture_draws_no_arrow_the_package_lacks():
    real = package_graph()
    picture = ARCHITECTURE.read_text().split("```mermaid", 1)[1].split("```", 1)[0]
    aliases = dict(re.findall(r"(\w+)\[([\w-]+)(?: executable)?\]", picture))
    arrows = []
    for line in picture.splitlines():
        if "-->" not in line:
            continue
        left, right = line.split("-->", 1)
        source = re.sub(r"\[.*", "", left.strip())
        source = aliases.get(source, source)
        for target in right.split("&"):
            arrows.append((source, target.strip()))
    extra = [f"{a} --> {b}" for a, b in arrows if b not in real.get(a, (set(), set()))[0]]
    assert arrows and not extra, extra


def test_every_swift_module_opens_with_a_file_saying_what_it_is_for():
    missing = []
    for name, _ in package_graph().items():
        folder = ROOT / "Sources" / name
        if not folder.is_dir() or not any(folder.glob("*.swift")) or name.startswith("netsnap-"):
            continue
        header = folder / f"{name}.swift"
        if name == "netsnap":
            header = folder / "Netsnap.swift"
        if not header.exists() or not header.read_text().lstrip().startswith("//"):
            missing.append(str(header.relative_to(ROOT)))
    assert not missing, missing


def test_the_executable_imports_the_application_and_the_settings_only():
    """The executable parses arguments and calls the application: of the project's modules it
    imports NetsnapApp, NetsnapConfiguration (the keys its flags set) and NetsnapSettings."""
    imported = set()
    for source in (ROOT / "Sources/netsnap").glob("*.swift"):
        imported |= set(re.findall(r"^import (Netsnap\w*)", source.read_text(), re.MULTILINE))
    assert imported <= {"NetsnapApp", "NetsnapConfiguration", "NetsnapSettings"}, imported


def test_the_module_that_reads_yaml_imports_no_feature():
    """Only NetsnapSettings imports Yams, and it imports no other project module (#34 §2)."""
    readers = {
        path.parent.name for path in (ROOT / "Sources").glob("*/*.swift") if re.search(r"^import Yams", path.read_text(), re.MULTILINE)}
    assert readers == {"NetsnapSettings"}, readers
    inside, _ = package_graph()["NetsnapSettings"]
    assert not inside, inside
