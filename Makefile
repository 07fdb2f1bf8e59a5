# locale-audit — the whole set-up on a fresh Debian machine is `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/locale-audit
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release demo test bench fuzz docs clean dist dist-check

# ICU and pkg-config from the system: without the .pc file SwiftPM only warns and fails at link time.
deps:
	@if ! pkg-config --exists icu-i18n 2>/dev/null; then \
	  echo "Installing libicu-dev and pkg-config…"; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libicu-dev pkg-config; \
	  elif command -v brew >/dev/null; then \
	    brew install icu4c pkg-config; \
	    echo 'Add $$(brew --prefix icu4c)/lib/pkgconfig to PKG_CONFIG_PATH'; \
	  else echo "Install ICU (libicu-dev / icu4c) and pkg-config, then run make again." >&2; exit 1; fi; \
	fi
	@# Language identification (wrong-language, speech languages of runs): CLD2, loaded at run time,
	@# so the build does not need it. macOS uses NaturalLanguage instead.
	@if [ "$$(uname -s)" = Linux ] && ! /sbin/ldconfig -p 2>/dev/null | grep -q libcld2_full.so.0; then \
	  if command -v apt-get >/dev/null; then \
	    echo "Installing libcld2-dev (language identification)…"; \
	    $(SUDO) apt-get install -y -qq libcld2-dev || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcld2-dev; }; \
	  else echo "Without CLD2 (libcld2) locale-audit works but cannot identify languages: wrong-language reports nothing." >&2; fi; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Runs the main job on the bundled sample app. The sample has deliberate defects, so the audit
# exits 1 (findings at the gate); only 2 (usage / unreadable path) or a crash fails the demo.
demo: release
	@$(BIN) check Fixtures/SampleApp; status=$$?; \
	  if [ $$status -gt 1 ]; then echo "locale-audit failed with status $$status" >&2; exit $$status; fi; \
	  echo; echo "(exit status $$status: 0 = clean, 1 = findings at or above --fail-on)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# locale-audit-bench is an executable target, not a product (users never see it); SwiftPM still builds
# it with the rest of the package, and `--product locale-audit-bench` names it.
bench: release
	.build/release/locale-audit-bench

# libFuzzer + AddressSanitizer, one target at a time for FUZZ_SECONDS each (default 60), seeded from
# Fixtures (and ../shared/corpus when present). Crashes land in fuzz-out/<target>/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= strings stringsdict xliff xcstrings json xml format bcp47
fuzz: deps
	$(SWIFT) build -c debug --scratch-path .build-fuzz --product locale-audit-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library
	@bash scripts/fuzz-seeds.sh
	@for t in $(FUZZ_TARGETS); do \
	  echo "== fuzzing $$t for $(FUZZ_SECONDS) s"; mkdir -p fuzz-out/$$t; \
	  LOCALE_AUDIT_FUZZ_TARGET=$$t .build-fuzz/debug/locale-audit-fuzz fuzz-out/corpus-$$t fuzz-out/seeds-$$t \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=fuzz-out/$$t/ -print_final_stats=1 2>&1 | tail -12 || exit 1; \
	done

docs: build
	.build/debug/locale-audit rules --markdown > docs/rules.md

# A portable Linux binary: the Swift runtime, Foundation and ICU linked in, so it needs only glibc and
# libstdc++ (ICU's soname changes with every distribution release). Built in its own scratch folder so
# the ordinary release build keeps its flags. The static link of ICU needs no unsafe flag in
# Package.swift: SwiftPM reads icu-i18n.pc from PKG_CONFIG_PATH first, and the one written here points
# -L at a folder that holds only ICU's .a files, so -licui18n -licuuc -licudata find the archives.
# (An -Xlinker -L would come after the system's -L/usr/lib/… from the real .pc file, and lose.)
DIST_BUILD := .build-dist
DIST_TRIPLE := x86_64-unknown-linux-gnu
VERSION := $(shell sed -n 's/.*string = "\(.*\)".*/\1/p' Sources/LocaleAudit/Support/Version.swift)
DIST_NAME := locale-audit-$(VERSION)-$(DIST_TRIPLE)
DIST_BUNDLE := locale-audit-$(VERSION).artifactbundle
ICU_LIBDIR = $(shell pkg-config --variable=libdir icu-i18n)

dist: deps
	@[ "$$(uname -s)-$$(uname -m)" = Linux-x86_64 ] || { echo "make dist builds the $(DIST_TRIPLE) binary; run it on Linux x86_64" >&2; exit 1; }
	@for lib in icui18n icuuc icudata; do [ -f "$(ICU_LIBDIR)/lib$$lib.a" ] || { echo "$(ICU_LIBDIR)/lib$$lib.a is missing (apt-get install libicu-dev)" >&2; exit 1; }; done
	mkdir -p $(DIST_BUILD)/static-icu/pkgconfig
	ln -sf $(ICU_LIBDIR)/libicui18n.a $(ICU_LIBDIR)/libicuuc.a $(ICU_LIBDIR)/libicudata.a $(DIST_BUILD)/static-icu/
	printf '%s\n' 'Name: icu-i18n' 'Description: ICU static archives for make dist' \
	  "Version: $$(pkg-config --modversion icu-i18n)" "Cflags: $$(pkg-config --cflags icu-i18n)" \
	  'Libs: -L$(CURDIR)/$(DIST_BUILD)/static-icu -licui18n -licuuc -licudata' > $(DIST_BUILD)/static-icu/pkgconfig/icu-i18n.pc
	PKG_CONFIG_PATH=$(CURDIR)/$(DIST_BUILD)/static-icu/pkgconfig \
	  $(SWIFT) build -c release --product locale-audit --scratch-path $(DIST_BUILD) --static-swift-stdlib
	@# Fail here rather than ship a binary that needs this machine's ICU.
	@! ldd $(DIST_BUILD)/release/locale-audit | grep -E 'libicu|libswift|libFoundation' || { echo "make dist: linked dynamically (above)" >&2; exit 1; }
	rm -rf dist && mkdir -p dist/$(DIST_NAME)/bin
	strip -o dist/$(DIST_NAME)/bin/locale-audit $(DIST_BUILD)/release/locale-audit
	cp LICENSE* dist/$(DIST_NAME)/ 2>/dev/null || true
	cp README.md dist/$(DIST_NAME)/
	tar -C dist -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	@# SE-0305 artifact bundle with the same binary, for .binaryTarget(path:) or (zipped) (url:checksum:).
	mkdir -p dist/$(DIST_BUNDLE)/$(DIST_NAME)/bin
	cp dist/$(DIST_NAME)/bin/locale-audit dist/$(DIST_BUNDLE)/$(DIST_NAME)/bin/
	printf '%s\n' '{' '  "schemaVersion": "1.0",' '  "artifacts": {' '    "locale-audit": {' \
	  '      "version": "$(VERSION)",' '      "type": "executable",' '      "variants": [' \
	  '        {' '          "path": "$(DIST_NAME)/bin/locale-audit",' '          "supportedTriples": ["$(DIST_TRIPLE)"]' \
	  '        }' '      ]' '    }' '  }' '}' > dist/$(DIST_BUNDLE)/info.json
	@# python3 rather than zip(1), which a fresh Debian lacks; the executable bit is kept.
	cd dist && rm -f $(DIST_BUNDLE).zip && python3 -m zipfile -c $(DIST_BUNDLE).zip $(DIST_BUNDLE)
	cd dist && sha256sum $(DIST_NAME).tar.gz $(DIST_BUNDLE).zip > SHA256SUMS
	@ls -l dist/$(DIST_NAME)/bin/locale-audit dist/*.tar.gz dist/*.zip

# The portable binary links no ICU or Swift library dynamically and audits exactly as the ordinary
# build. DIST_REFERENCE=.build/debug/locale-audit compares with the debug build instead (CI, after
# make test built it), which saves a release build.
DIST_REFERENCE ?= $(BIN)
dist-check: dist $(if $(filter $(BIN),$(DIST_REFERENCE)),release)
	SWIFT=$(SWIFT) bash scripts/dist-check.sh dist/$(DIST_NAME)/bin/locale-audit $(DIST_REFERENCE) dist/$(DIST_NAME).tar.gz dist/$(DIST_BUNDLE)

clean:
	rm -rf .build $(DIST_BUILD) dist
