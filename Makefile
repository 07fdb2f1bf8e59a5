# locale-audit — the whole set-up on a fresh Debian machine is `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/locale-audit
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release demo test bench fuzz docs clean

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

clean:
	rm -rf .build
