#!/usr/bin/env bash
# Seed corpora for `make fuzz`: small files from Fixtures and, when present, ../shared/corpus.
set -eu
cd "$(dirname "$0")/.."
corpus=../shared/corpus
seed() {  # seed TARGET PATTERN…
  local target=$1; shift
  mkdir -p "fuzz-out/seeds-$target" "fuzz-out/corpus-$target"
  for pattern in "$@"; do
    find Fixtures $( [ -d "$corpus" ] && echo "$corpus" ) -type f -name "$pattern" -size -64k -print0 2>/dev/null \
      | head -z -n 300 | while IFS= read -r -d "" f; do
          cp "$f" "fuzz-out/seeds-$target/$(echo "$f" | md5sum | cut -c1-16)"
        done
  done
}
seed strings '*.strings'
seed stringsdict '*.stringsdict'
seed xliff '*.xliff' '*.xlf'
seed xcstrings '*.xcstrings'
seed json '*.xcstrings' '*.json'
seed xml '*.xliff' '*.xlf' '*.stringsdict'
mkdir -p fuzz-out/seeds-format fuzz-out/corpus-format fuzz-out/seeds-bcp47 fuzz-out/corpus-bcp47
printf '%%1$@ by %%2$ld, %%.2f%%%% %%#@files@ %%arg 1$@ @@' > fuzz-out/seeds-format/a
printf 'zh-Hant-HK-u-nu-hanidec-x-private' > fuzz-out/seeds-bcp47/a
printf 'i-klingon' > fuzz-out/seeds-bcp47/b
printf 'pt_BR' > fuzz-out/seeds-bcp47/c
echo "fuzz seeds ready in fuzz-out/"
