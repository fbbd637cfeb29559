#!/usr/bin/env bash
# Shows that the filtered ICU data (scripts/icu-data.py, linked by package-deb.sh) loses
# nothing netsnap shows: every file `netsnap render` writes (pages, JSON feeds, badges, tiles)
# and the targets screen of a TRMNL and a Kindle with long reasons wrapped (ICU's line
# breaking), for every shipped language, languages without a catalogue and the POSIX locale,
# each in five time zones, is byte for byte the same from a build linked with the toolchain's
# whole ICU data and from one linked with the filtered copy.
#   bash scripts/check-icu-data.sh               # builds both (package-deb.sh twice), then compares
#   bash scripts/check-icu-data.sh FULL FILTERED  # compares two netsnap binaries already built
# With a debug build (.build/debug/netsnap), the targets screens must be the same from it too.
# Loopback only: render and tile read a snapshot file and write files.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

say() { echo "check-icu-data: $*" >&2; }
fail() { echo "check-icu-data: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -eq 2 ]; then
  full=$(readlink -f "$1")
  filtered=$(readlink -f "$2")
elif [ $# -eq 0 ]; then
  NETSNAP_ICU_DATA=full bash scripts/package-deb.sh
  cp .build-release-static/release/netsnap "$work/netsnap-full"
  bash scripts/package-deb.sh
  cp .build-release-static/release/netsnap "$work/netsnap-filtered"
  full=$work/netsnap-full filtered=$work/netsnap-filtered
else
  echo "usage: bash scripts/check-icu-data.sh [FULL FILTERED]" >&2
  exit 2
fi
for binary in "$full" "$filtered"; do [ -x "$binary" ] || fail "$binary is not an executable"; done
cmp -s "$full" "$filtered" && fail "the two binaries are the same file"

# The sample network with two targets down for long reasons: one in Japanese (no spaces, so
# only ICU's dictionary and kinsoku rules find its breaks), one in English.
"$full" sample | python3 -c '
import json, sys
snapshot = json.load(sys.stdin)
issuer = "家庭内ネットワーク用のプライベート認証局（二階の書斎にある古いサーバー、管理者は山田さん）"
reasons = {1: f"certificate not trusted: issued by {issuer}, an unknown root",
           3: "certificate not trusted: issued by " + "Example Internal Certification Authority " * 3 + ", an unknown root"}
for index, reason in reasons.items():
    target = snapshot["targets"][index]
    target.update(isOnline=False, lastError=reason, lastErrorAt=snapshot["generatedAt"])
json.dump(snapshot, sys.stdout, ensure_ascii=False)
' >"$work/down.json"

# The shipped languages (one region each, two for French), languages netsnap has no catalogue
# for (their own digits, calendars and scripts), the pseudo-locale, and "" for POSIX.
locales=(en-US en-GB de-DE fr-FR fr-CA es-ES it-IT nl-NL pl-PL pt-BR ja-JP ar-EG he-IL
  sv-SE fa-IR th-TH hi-IN zh-Hans-CN ru-RU en-XA "")
zones=(UTC Europe/Berlin America/New_York Asia/Tokyo Australia/Lord_Howe)
now=2026-11-21T10:43:00Z

# Every output of one binary for one locale and zone, into $3.
outputs() {
  local binary=$1 zone=$2 folder=$3 locale=$4
  local language=()
  [ -z "$locale" ] || language=(--locale "$locale")
  mkdir -p "$folder"
  printf 'timeZone: %s\n' "$zone" >"$folder.yml"
  LC_ALL=C.UTF-8 "$binary" render --config "$folder.yml" "${language[@]}" --now "$now" --output "$folder/render" \
    >/dev/null 2>"$folder.log" || { cat "$folder.log" >&2; fail "render ${language[*]} in $zone"; }
  for display in trmnl kindle; do
    LC_ALL=C.UTF-8 "$binary" tile --config "$folder.yml" --input "$work/down.json" "${language[@]}" --now "$now" \
      --display "$display" --screen targets --output "$folder/targets-$display.png" 2>>"$folder.log" \
      || { cat "$folder.log" >&2; fail "tile ${language[*]} in $zone"; }
  done
  rm "$folder.yml" "$folder.log"
}

# ICU's own icupkg reads the filtered package (Debian's is older than the data, yet reads
# the package once filtered) and writes it back byte for byte the same: the layout is ICU's.
package=.build-release-static/icu-data/filtered.dat
if command -v icupkg >/dev/null && [ -f "$package" ]; then
  name=$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(d[d.index(b"icudt"):].split(b"/")[0].decode())' "$package")
  mkdir -p "$work/icupkg/out" && cp "$package" "$work/icupkg/$name.dat"
  icupkg "$work/icupkg/$name.dat" "$work/icupkg/out/$name.dat" || fail "icupkg does not read $package"
  cmp -s "$work/icupkg/$name.dat" "$work/icupkg/out/$name.dat" || fail "icupkg writes $package differently"
  say "icupkg reads $package ($(icupkg -l "$work/icupkg/$name.dat" | wc -l) items) and writes it the same"
fi

compared=0
for locale in "${locales[@]}"; do
  for zone in "${zones[@]}"; do
    case=${locale:-POSIX}-${zone//\//_}
    outputs "$full" "$zone" "$work/full/$case" "$locale"
    outputs "$filtered" "$zone" "$work/filtered/$case" "$locale"
    differences=$(diff -r "$work/full/$case" "$work/filtered/$case" 2>&1) || fail "$case differs:"$'\n'"$differences"
    compared=$((compared + $(find "$work/full/$case" -type f | wc -l)))
  done
done
# The check proves something only if the outputs differ between locales and zones at all.
if diff -rq "$work/full/de-DE-UTC" "$work/full/ja-JP-UTC" >/dev/null \
  || diff -rq "$work/full/de-DE-UTC" "$work/full/de-DE-Australia_Lord_Howe" >/dev/null; then
  fail "the outputs do not change with the locale or the zone"
fi
say "OK: $compared files, ${#locales[@]} locales × ${#zones[@]} time zones, the same from both builds"

# The static build breaks lines as the debug build does (which links the toolchain's shared
# ICU): a static link that lost ICU's break iterator would leave reasons unwrapped or cut.
debug=.build/debug/netsnap
if [ -x "$debug" ]; then
  for locale in ja-JP de-DE ar-EG; do
    outputs "$(readlink -f "$debug")" UTC "$work/debug/$locale" "$locale"
    for display in trmnl kindle; do
      cmp -s "$work/debug/$locale/targets-$display.png" "$work/filtered/$locale-UTC/targets-$display.png" \
        || fail "the $display targets screen in $locale differs between $debug and the static build"
    done
  done
  say "OK: the targets screens with wrapped reasons are the same from $debug"
else
  say "no $debug (swift build): the static build's line breaks were not compared with the debug build's"
fi
