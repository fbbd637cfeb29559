#!/usr/bin/env python3
"""ICU's common data package (icudt*l.dat, the blob lib_FoundationICU links in), listed or filtered.

    scripts/icu-data.py list IN.dat          # megabytes and items per tree (coll/, zone/, top level…)
    scripts/icu-data.py filter IN.dat OUT.dat  # without the trees netsnap never reads

Debian's icupkg (ICU 72) refuses the toolchain's ICU 76 package (more item names than its
fixed 100,000-byte store holds), so the package is read and written here, in the layout
icupkg writes (ucmndata.h: the header, a table of name and data offsets, the names, the
items at 16-byte boundaries); check-icu-data.sh has icupkg rewrite the filtered package and
compares the bytes. Items are copied unchanged, so the result loads in ICU 76 as before.
"""

import collections
import struct
import sys

# Trees whose items only answer APIs netsnap does not call (docs/performance.md, "Size"):
# character set converters (netsnap reads and writes UTF-8 only, which ICU converts in code),
# language, region and unit display names, and transliterators. Kept: every locale's own
# data (numbers, dates, calendars: a locale without a catalogue still formats in its own
# way), currencies (ICU's number formatter fails without them), time zone names (an ISO 8601
# date's "Z" comes from zone/), collation (service names sort by the host's locale), break
# iterators and dictionaries (lines of any script break), rbnf, normalization, stringprep,
# time zone rules (zoneinfo64, metaZones), plurals, numbering systems and unit conversions.
DROPPED_TREES = ("lang", "region", "unit", "translit")
DROPPED_SUFFIXES = (".cnv",)
ALIGNMENT = 16


def read_package(data):
    """The header's bytes and the items as (name, bytes), in the package's (sorted) order."""
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD":
        sys.exit("icu-data: not an ICU common data package")
    count = struct.unpack_from("<I", data, header_size)[0]
    entries = [struct.unpack_from("<II", data, header_size + 4 + 8 * i) for i in range(count)]
    base = header_size
    items = []
    for index, (name_offset, data_offset) in enumerate(entries):
        name = data[base + name_offset : data.index(b"\0", base + name_offset)].decode("ascii")
        end = entries[index + 1][1] if index + 1 < count else len(data) - base
        items.append((name, data[base + data_offset : base + end]))
    return data[:header_size], items


def padded(length):
    return (length + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT


def write_package(header, items):
    """The package as icupkg lays it out: names after the table, each item padded to 16 bytes."""
    table_size = 4 + 8 * len(items)
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in items)
    offset = padded(len(header) + table_size + len(names)) - len(header)
    table, name_offset, body = [struct.pack("<I", len(items))], table_size, []
    for index, (name, item) in enumerate(items):
        table.append(struct.pack("<II", name_offset, offset))
        name_offset += len(name) + 1
        # The last item is not padded: its length is the package's end.
        size = len(item) if index + 1 == len(items) else padded(len(item))
        body.append(item.ljust(size, b"\xaa"))
        offset += size
    head = header + b"".join(table) + names
    return head.ljust(padded(len(head)), b"\xaa") + b"".join(body)


def tree(name):
    """coll, zone…; "(top) res" for a locale's own data and other files at the top level."""
    parts = name.split("/")
    return parts[1] if len(parts) > 2 else "(top) " + name.rsplit(".", 1)[-1]


def kept(name):
    return tree(name) not in DROPPED_TREES and not name.endswith(DROPPED_SUFFIXES)


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "list":
        _, items = read_package(open(arguments[1], "rb").read())
        sizes, counts, dropped = collections.Counter(), collections.Counter(), set()
        for name, item in items:
            sizes[tree(name)] += len(item)
            counts[tree(name)] += 1
            if not kept(name):
                dropped.add(tree(name))
        for name, size in sizes.most_common():
            print(f"{size / 1e6:7.2f} MB {counts[name]:5d} {name}{'  (dropped)' if name in dropped else ''}")
        print(f"{sum(sizes.values()) / 1e6:7.2f} MB {len(items):5d} in all")
    elif len(arguments) == 3 and arguments[0] == "filter":
        header, items = read_package(open(arguments[1], "rb").read())
        with open(arguments[2], "wb") as output:
            output.write(write_package(header, [(name, item) for name, item in items if kept(name)]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
