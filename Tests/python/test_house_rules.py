"""The house's own rules, checked on every run (issue #34 §4): no Swift file under Sources/
over 250 lines and no function over 60; every exit status `netsnap --help` lists (from
`ExitStatus`, the one mapping from errors to statuses) is in the README's table, with the
same codes."""
import re

from conftest import ROOT, run_netsnap

MAX_FILE_LINES = 250
MAX_FUNCTION_LINES = 60
# A declaration that opens a body: func, init, deinit, subscript, accessors of computed
# properties are bodies of their own too but small by nature.
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|final|override|"
                         r"mutating|nonisolated|convenience|required|@Sendable|class)\s+)*(func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")


def swift_sources():
    return sorted(path for path in (ROOT / "Sources").rglob("*.swift"))


def body_lengths(lines):
    """(first line number, name, lines) of each function-like body, by brace counting (strings with braces are rare here)."""
    found = []
    for index, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        depth, started = 0, False
        for end in range(index, len(lines)):
            text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end])  # braces inside string literals do not count
            depth += text.count("{") - text.count("}")
            started = started or "{" in text
            if started and depth <= 0:
                found.append((index + 1, line.strip()[:60], end - index + 1))
                break
            if not started and end > index + 12:
                break  # a protocol requirement: no body
    return found


def test_no_source_file_over_250_lines_and_no_function_over_60():
    long_files, long_functions = [], []
    for path in swift_sources():
        lines = path.read_text().splitlines()
        if len(lines) > MAX_FILE_LINES:
            long_files.append(f"{path.relative_to(ROOT)}: {len(lines)} lines")
        for number, name, length in body_lengths(lines):
            if length > MAX_FUNCTION_LINES:
                long_functions.append(f"{path.relative_to(ROOT)}:{number}: {name} ({length} lines)")
    assert not long_files, long_files
    assert not long_functions, long_functions


def test_the_readme_exit_code_table_matches_the_exit_statuses():
    help_text = run_netsnap("--help").stdout.decode()
    # `--help` wraps its lines: the statuses are the parts between the middle dots.
    text = " ".join(help_text.split("Exit codes:", 1)[1].split())
    listed = dict(match.groups() for part in text.split(" · ") if (match := re.match(r"(\d+) (.+)", part)))
    readme = (ROOT / "README.md").read_text().split("### Exit codes", 1)[1].split("\n\n", 2)[1]
    table = dict(re.findall(r"^\| (\d+) \| (.+?) \|$", readme, re.M))
    assert set(listed) == set(table), (sorted(listed), sorted(table))
    assert listed, help_text
