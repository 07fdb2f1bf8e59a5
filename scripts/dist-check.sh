#!/usr/bin/env bash
# make dist-check: the portable binary links no ICU or Swift library dynamically, the archives hold it,
# and it audits exactly as the ordinary release build does.
# Usage: dist-check.sh PORTABLE_BINARY ORDINARY_BINARY TARBALL ARTIFACT_BUNDLE
set -euo pipefail
portable=$1 ordinary=$2 tarball=$3 bundle=$4
fail() { echo "dist-check: $*" >&2; exit 1; }

echo "== ldd $portable"
libs=$(ldd "$portable")
echo "$libs"
# ICU's soname changes with every distribution release; the Swift runtime is not on users' machines.
if grep -Ei 'libicu|libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found' <<<"$libs"; then
  fail "the portable binary still needs the libraries above"
fi
# (Outputs are captured first: with pipefail, grep -q closing a pipe early would turn a hit into a miss.)
undefined=$(nm -D --undefined-only "$portable" 2>/dev/null || true)
if grep -E ' (u_|ucol_|uloc_|uplrules_|ubidi_|uscript_)[a-zA-Z]*_[0-9]+$' <<<"$undefined"; then
  fail "the portable binary takes the ICU symbols above from a shared library"
fi

glibc=$(objdump -T "$portable" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
glibcxx=$(objdump -T "$portable" | grep -o 'GLIBCXX_[0-9.]*' | sed 's/GLIBCXX_//' | sort -uV | tail -1)
size=$(stat -c %s "$portable")
echo "== size $((size / 1024 / 1024)) MiB stripped ($(stat -c %s "$tarball" | awk '{printf "%d", $1/1024/1024}') MiB as .tar.gz); needs glibc >= $glibc, libstdc++ GLIBCXX_$glibcxx"
# (readelf, not file(1), which a fresh Debian lacks.)
sections=$(readelf -S "$portable")
! grep -q '\.symtab' <<<"$sections" || fail "the binary is not stripped"

echo "== archives"
listing=$(tar -tzf "$tarball")
grep -q '/bin/locale-audit$' <<<"$listing" || fail "$tarball holds no bin/locale-audit"
python3 - "$bundle" "$portable" <<'PY'
import json, os, sys, filecmp
bundle, binary = sys.argv[1], sys.argv[2]
info = json.load(open(os.path.join(bundle, "info.json")))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["locale-audit"]
assert artifact["type"] == "executable", artifact
[variant] = artifact["variants"]
assert variant["supportedTriples"] == ["x86_64-unknown-linux-gnu"], variant
path = os.path.join(bundle, variant["path"])
assert os.access(path, os.X_OK), f"{path} is not executable"
assert filecmp.cmp(path, binary, shallow=False), "the bundle's binary differs from the tarball's"
print(f"{bundle}/info.json: {variant['path']} for {variant['supportedTriples'][0]}")
PY
python3 - "$bundle.zip" <<'PY'
import sys, zipfile, stat
with zipfile.ZipFile(sys.argv[1]) as z:
    binaries = [i for i in z.infolist() if i.filename.endswith("/bin/locale-audit")]
    assert binaries and stat.S_IMODE(binaries[0].external_attr >> 16) & 0o111, "the zipped binary lost its executable bit"
print(f"{sys.argv[1]}: {binaries[0].filename} (executable)")
PY

echo "== the same audit as $ordinary"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for name in portable ordinary; do
  binary=${!name}
  set +e
  # The sample app has deliberate errors: both exit 1.
  "$binary" check Fixtures/SampleApp --format json >"$scratch/$name.json" 2>"$scratch/$name.err"
  status=$?
  set -e
  [ "$status" = 1 ] || fail "$binary exited $status on Fixtures/SampleApp: $(cat "$scratch/$name.err")"
  "$binary" --version >"$scratch/$name.version"
done
cmp "$scratch/portable.version" "$scratch/ordinary.version" || fail "--version differs"
cmp "$scratch/portable.json" "$scratch/ordinary.json" || { diff "$scratch/portable.json" "$scratch/ordinary.json" | head -20; fail "the JSON reports differ"; }
echo "identical JSON ($(wc -c <"$scratch/portable.json") bytes): $(grep -o '"icu": "[^"]*"' "$scratch/portable.json"), $(grep -o '"cldr": "[^"]*"' "$scratch/portable.json")"

# From an empty environment and another folder: no ICU data file or Swift path is looked up at run time.
# (The same relative path, since the report names files as they were given.)
mkdir -p "$scratch/elsewhere/Fixtures" && cp -r Fixtures/SampleApp "$scratch/elsewhere/Fixtures/" && cp "$portable" "$scratch/elsewhere/"
(cd "$scratch/elsewhere" && env -i ./locale-audit check Fixtures/SampleApp --format json >../alone.json 2>/dev/null || [ $? = 1 ])
cmp "$scratch/portable.json" "$scratch/alone.json" || fail "the binary audits differently when copied alone into another folder"

echo "== the artifact bundle through SwiftPM (.binaryTarget(path:) and a command plugin that runs it)"
consumer="$scratch/consumer"
mkdir -p "$consumer/Plugins/Audit"
cp -r "$bundle" "$consumer/locale-audit.artifactbundle"
cat >"$consumer/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    targets: [
        .binaryTarget(name: "locale-audit", path: "locale-audit.artifactbundle"),
        .plugin(name: "Audit", capability: .command(intent: .custom(verb: "audit", description: "Runs locale-audit")),
                dependencies: ["locale-audit"]),
    ]
)
SWIFT
cat >"$consumer/Plugins/Audit/plugin.swift" <<'SWIFT'
import Foundation
import PackagePlugin

@main struct Audit: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "locale-audit").url
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        print("exit status \(process.terminationStatus)")
    }
}
SWIFT
plugin=$(cd "$consumer" && "${SWIFT:-swift}" package audit --version 2>&1) || fail "swift package audit: $plugin"
echo "$plugin" | tail -2
grep -qx "$(cat "$scratch/portable.version")" <<<"$plugin" && grep -q "exit status 0" <<<"$plugin" \
  || fail "the plugin did not run the bundle's locale-audit"

echo "dist-check: OK"
