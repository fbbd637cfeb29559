#!/usr/bin/env bash
# Builds the Debian package dist/netsnap_<version>_<arch>.deb with dpkg-deb alone:
# a release build with the Swift standard library and Foundation linked in statically, so
# the target needs no Swift runtime; Depends: worked out from the binary's own libraries.
#   bash scripts/package-deb.sh            # build (or reuse) and package
# Needs Swift 6 and dpkg-deb; installs the -dev packages it builds with (scripts/setup.sh --runtime).
# Test the result in a clean Debian 12: sudo bash scripts/test-deb.sh
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

scratch=.build-release-static
arch=$(dpkg --print-architecture)

say() { echo "package-deb: $*" >&2; }
fail() { echo "package-deb: error: $*" >&2; exit 1; }

for tool in dpkg-deb dpkg-query objdump strip ldd swift; do
  command -v "$tool" >/dev/null || fail "$tool is missing (dpkg, binutils, libc-bin, Swift)"
done

bash scripts/setup.sh --runtime
say "release build with the static Swift standard library (in $scratch/)"
# No $ORIGIN run path: /usr/bin/netsnap must not look for libraries in /usr/bin (Debian
# policy), and the loader's search there cost every start a dozen failed opens.
# Hardening where the toolchain allows: relocations read-only and bound at start (-z relro,
# -z now). No _FORTIFY_SOURCE: SwiftPM has no flag for C compilers alone, and -Xcc also
# reaches Swift's Clang importer, whose modules then disagree about glibc's fortified inline
# functions ("'realpath' has different definitions in different modules") and fail to build.
# Linked by lld, not gold (Swift's default here), for -z pack-relative-relocs: the PIE's 140,000
# relative relocations take 31 KB as DT_RELR instead of 3.8 MB of .rela.dyn; glibc reads
# them since 2.36 (Debian 12), and the package's libc6 dependency says so.
build=(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch"
  -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)

# ICU's data (every locale's, 34 MB) is one member of the toolchain's lib_FoundationICU.a. It is
# linked without the trees netsnap never reads (scripts/icu-data.py says which and why): the
# references to its symbol are bound (--wrap) to a copy filtered here, so the archive's member
# is not pulled. NETSNAP_ICU_DATA=full links the toolchain's own (scripts/check-icu-data.sh
# compares the two builds' outputs).
icu_archive="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux/lib_FoundationICU.a"
icu_member=icu_packaged_data.cpp.o
if [ "${NETSNAP_ICU_DATA:-filtered}" != full ]; then
  icu=$scratch/icu-data
  rm -rf "$icu" && mkdir -p "$icu"
  [ -f "$icu_archive" ] || fail "no $icu_archive (a Swift toolchain for Linux)"
  (cd "$icu" && ar x "$icu_archive" "$icu_member") || fail "$icu_archive has no $icu_member"
  icu_symbol=$(nm --defined-only "$icu/$icu_member" | awk '$3 ~ /^icudt[0-9]+_dat$/ { print $3 }')
  [ -n "$icu_symbol" ] || fail "$icu_member defines no icudt*_dat"
  objcopy -O binary --only-section=.rodata "$icu/$icu_member" "$icu/full.dat"
  python3 scripts/icu-data.py filter "$icu/full.dat" "$icu/filtered.dat"
  printf '%s\n' '.section .rodata.netsnap_icu_data,"a",@progbits' '.balign 16' ".globl __wrap_$icu_symbol" \
    ".type __wrap_$icu_symbol,@object" "__wrap_$icu_symbol:" '.incbin "filtered.dat"' \
    ".size __wrap_$icu_symbol, . - __wrap_$icu_symbol" '.section .note.GNU-stack,"",@progbits' >"$icu/icu-data.S"
  (cd "$icu" && "$(dirname "$(readlink -f "$(command -v swift)")")/clang" -c icu-data.S -o icu-data.o)
  build+=(-Xlinker "--wrap=$icu_symbol" -Xlinker "$PWD/$icu/icu-data.o")
  say "ICU data: $(($(stat -c %s "$icu/filtered.dat") / 1000)) kB of $(($(stat -c %s "$icu/full.dat") / 1000)) kB linked"
fi
"${build[@]}" --product netsnap
binary="$("${build[@]}" --show-bin-path)/netsnap"
if [ -n "${icu_symbol:-}" ]; then
  # The filtered copy, and not the archive's, is the one in the binary.
  icu_symbols=$(nm -S "$binary" | awk -v s="$icu_symbol" '$4 == s || $4 == "__wrap_" s { print $4, $2 }')
  [ "$icu_symbols" = "__wrap_$icu_symbol $(printf %016x "$(stat -c %s "$icu/filtered.dat")")" ] \
    || fail "the binary's ICU data is not the filtered copy: ${icu_symbols:-none}"
fi

# The binary must run without the toolchain: every library ldd resolves is a system one.
libraries=$(ldd "$binary")
if grep -q "not found" <<<"$libraries"; then fail "unresolved libraries:"$'\n'"$libraries"; fi
if grep -q "/opt/swift\|/usr/lib/swift\|libswift\|libFoundation\|libdispatch" <<<"$libraries"; then
  fail "the binary still needs the Swift runtime:"$'\n'"$libraries"
fi
# No pipeline here or below ends early (grep -q, head, awk's exit): under pipefail the writer's
# SIGPIPE would fail the script silently (status 141) or turn a test around.
dynamic_section=$(objdump -p "$binary")
if grep -q "RPATH\|RUNPATH" <<<"$dynamic_section"; then fail "the binary has a run path: $(grep PATH <<<"$dynamic_section")"; fi

version=$("$binary" --version)
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "netsnap --version printed \"$version\", not a Debian version"
package=netsnap_${version}_${arch}

# The package that owns a library path; ldd says /lib/…, dpkg may know it as /usr/lib/… (usrmerge).
owner_of() {
  local path=$1 candidate owners
  for candidate in "$path" "/usr$path" "${path#/usr}" "$(readlink -f "$path")"; do
    # "libpng16-16:amd64: /usr/lib/…", one line per owner; the first one's package name.
    owners=$(dpkg-query -S "$candidate" 2>/dev/null) || continue
    owners=${owners%%$'\n'*}
    echo "${owners%%:*}"
    return 0
  done
  fail "no Debian package owns $path"
}

# The dependency of one shared library, as dpkg-shlibdeps would take it from the package's
# shlibs file ("libpng16 16 libpng16-16 (>= 1.6.2-1)"); where that names no version, the
# upstream version installed here is the floor, since the binary was linked against it.
dependency_of() {
  local soname=$1 path owner library so_version shlibs entry installed candidate
  # "libpng16.so.16 => /lib/…/libpng16.so.16 (…)", or for the dynamic loader "/lib64/ld-linux-x86-64.so.2 (…)".
  path=$(awk -v s="$soname" '$1 == s && $3 ~ /^\// { print $3; exit } $1 ~ /^\// && $1 ~ ("/" s "$") { print $1; exit }' <<<"$libraries")
  [ -n "$path" ] || fail "ldd does not resolve $soname"
  owner=$(owner_of "$path")
  library=${soname%%.so.*}
  so_version=${soname#*.so.}
  shlibs=""
  for candidate in "/var/lib/dpkg/info/$owner:$arch.shlibs" "/var/lib/dpkg/info/$owner.shlibs"; do
    if [ -f "$candidate" ]; then shlibs=$candidate; break; fi
  done
  entry=""
  if [ -n "$shlibs" ]; then
    entry=$(awk -v l="$library" -v v="$so_version" '$1 == l && $2 == v { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$shlibs")
  fi
  if [ -z "$entry" ] || [ "$entry" = "$owner" ]; then
    installed=$(dpkg-query -W -f='${Version}' "$owner")
    entry="$owner (>= ${installed%-*})"
  fi
  echo "$entry"
}

needed=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }')
# Opened on first use (dlopen, LazyLibrary), so not NEEDED, yet drawing text, writing PNGs, QR
# codes, MQTT push and WebP need them: dependencies all the same. (Avahi's client is only recommended.)
lazily_opened="libfreetype.so.6 libharfbuzz.so.0 libfontconfig.so.1 libfribidi.so.0 libpng16.so.16 libdeflate.so.0
  libqrencode.so.4 libmosquitto.so.1 libwebp.so.7"
cache_listing=$(ldconfig -p)
for soname in $lazily_opened; do
  libraries+=$'\n'$(awk -v s="$soname" '$1 == s { print $1, "=>", $NF; exit }' <<<"$cache_listing")
  needed+=$'\n'"$soname"
done
depends=()
while read -r soname; do
  dependency=$(dependency_of "$soname")
  depends+=("$dependency")
done <<<"$needed"
# The tiles' fonts (Inter, DejaVu for what Inter lacks) and the user the postinst creates.
depends+=("fonts-inter" "fonts-dejavu-core" "adduser")
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')
# Colour emoji in tiles (and Symbola's outlines of them for 1- and 2-bit e-ink and the
# night theme), the misc-fixed bitmap fonts of xfonts-base for LED-matrix tiles (without them
# such a tile is refused with a message naming the package; every other output works),
# vendor names from the IEEE registry, the Wi-Fi link from iw, a font cache so a tile does
# not scan every font at start, Avahi's client for --discover and serve.advertise (opened on
# first use, so not among the NEEDED libraries). The daemon it talks to is only suggested:
# most installs use neither, and a recommended avahi-daemon would announce the host on the LAN.
recommends_line="fonts-noto-color-emoji, fonts-symbola, xfonts-base, ieee-data, iw, fontconfig, libavahi-client3"
# Japanese (locale: ja-JP) is drawn in Noto Sans CJK: 91 MB installed, so only suggested; without
# it Japanese words show as boxes (docs/translating.md). lldpd tells the gatherer which devices are
# wired and which are switches or access points; it announces the host on the LAN over LLDP, so it
# is only suggested too.
suggests_line="avahi-daemon, fonts-noto-cjk, lldpd"

stage="$scratch/deb/$package"
rm -rf "$stage"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/netsnap" "$stage/usr/share/doc/netsnap/examples" \
  "$stage/lib/systemd/system" "$stage/etc/netsnap"

install -m 755 "$binary" "$stage/usr/bin/netsnap"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/netsnap"
# The layout ResourceLocation looks for: /usr/share/netsnap/{templates/,sample-snapshot.json}.
cp -R Templates "$stage/usr/share/netsnap/templates"
install -m 644 Sources/NetsnapResources/sample-snapshot.json "$stage/usr/share/netsnap/sample-snapshot.json"
install -m 644 deploy/debian/netsnap.service "$stage/lib/systemd/system/netsnap.service"
install -m 644 deploy/debian/netsnap.yml "$stage/etc/netsnap/netsnap.yml"
install -m 644 deploy/debian/raw-icmp.conf "$stage/usr/share/doc/netsnap/examples/raw-icmp.conf"
install -m 644 deploy/debian/copyright "$stage/usr/share/doc/netsnap/copyright"
gzip -9n <README.md >"$stage/usr/share/doc/netsnap/README.md.gz"
# The README links to a page per topic in docs/: they ship beside it.
install -d "$stage/usr/share/doc/netsnap/docs"
for page in docs/*.md; do gzip -9n <"$page" >"$stage/usr/share/doc/netsnap/docs/$(basename "$page").gz"; done
# The manual page: the program's own --help, and each subcommand's, through help2man.
command -v help2man >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq help2man >/dev/null \
  || fail "help2man is missing (apt-get install help2man)"
subcommands=$("$binary" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ { print $1 }')
{
  echo "[COMMANDS]"
  for subcommand in $subcommands; do
    printf '.SS "netsnap %s"\n.nf\n' "$subcommand"
    LC_ALL=C.UTF-8 "$binary" help "$subcommand" | sed 's/\\/\\e/g; s/^\./\\\&./'
    printf '.fi\n'
  done
  printf '[FILES]\n/etc/netsnap/netsnap.yml, /var/lib/netsnap, /run/netsnap, /usr/share/netsnap\n'
  printf '[SEE ALSO]\n/usr/share/doc/netsnap/README.md.gz and the pages of /usr/share/doc/netsnap/docs/\n'
} >"$scratch/deb/netsnap.h2m"
install -d "$stage/usr/share/man/man1"
LC_ALL=C.UTF-8 help2man --no-info --no-discard-stderr --version-string="$version" --include="$scratch/deb/netsnap.h2m" \
  --name="network status as JSON feeds, HTML pages and PNG tiles" "$binary" | gzip -9n >"$stage/usr/share/man/man1/netsnap.1.gz"
# A native package (the version has no Debian revision), so its changelog is changelog.gz.
date_line=$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")
maintainer=${NETSNAP_DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "netsnap maintainers <root@localhost>")}
printf 'netsnap (%s) bookworm; urgency=medium\n\n  * Built from %s.\n\n -- %s  %s\n' \
  "$version" "$(git describe --always --dirty 2>/dev/null || echo "a source tree")" "$maintainer" "$date_line" \
  | gzip -9n >"$stage/usr/share/doc/netsnap/changelog.gz"
# Two SwiftPM dependencies compile their own copy of a C library into the binary, which
# lintian reports as embedded: Yams its libyaml (the package links no libyaml of Debian's),
# and swift-nio-extras its zlib (CNIOExtrasZlib, for AsyncHTTPClient's response
# decompression; Debian's libz.so.1, which libpng and others link, is a Depends all the same).
install -d "$stage/usr/share/lintian/overrides"
cat >"$stage/usr/share/lintian/overrides/netsnap" <<'OVERRIDES'
# Yams (the YAML parser) builds its own libyaml into the binary.
netsnap: embedded-library libyaml [usr/bin/netsnap]
# swift-nio-extras builds its own zlib (CNIOExtrasZlib) into the binary for HTTP decompression.
netsnap: embedded-library zlib [usr/bin/netsnap]
OVERRIDES
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" "$stage/etc" "$stage/lib" -type f -exec chmod 644 {} +

for script in postinst prerm postrm; do install -m 755 "deploy/debian/$script" "$stage/DEBIAN/$script"; done
echo /etc/netsnap/netsnap.yml >"$stage/DEBIAN/conffiles"
(cd "$stage" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
  >"$stage/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: netsnap
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends_line
Recommends: $recommends_line
Suggests: $suggests_line
Section: net
Priority: optional
Description: network status as JSON feeds, HTML pages and PNG tiles
 netsnap turns a network's live status (Wi-Fi, gateway, public IP, monitoring
 targets and the devices on the LAN) into JSON feeds for Home Assistant and
 dashboards, static HTML pages for kiosks and PNG tiles for wall and e-ink
 displays, and serves them over HTTP. Stale data always looks stale.
 .
 The netsnap service gathers this host's network every 30 seconds, keeps a
 history in /var/lib/netsnap and serves its outputs on 127.0.0.1:8080.
EOF

mkdir -p dist
dpkg-deb --root-owner-group -Zxz --build "$stage" "dist/$package.deb" >/dev/null
say "wrote dist/$package.deb ($(du -k "dist/$package.deb" | cut -f1) KiB, installed $installed_size KiB)"
say "Depends: $depends_line"
say "libraries: $(awk '$3 ~ /^\// { print $1 }' <<<"$libraries" | paste -sd' ' -)"
