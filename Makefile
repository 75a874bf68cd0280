# Lightbox: `make demo` renders the fixtures into ./out, `make test` runs every test.
SHELL := /bin/bash
PC_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PC_DIR):$(PKG_CONFIG_PATH)
export LIGHTBOX_VIPS_PC := lightbox-vips
SWIFT ?= swift
BIN ?= .build/release/lightbox
PREFIX ?= /usr/local
DESTDIR ?=
INSTALLED := bin/lightbox share/man/man1/lightbox.1 share/bash-completion/completions/lightbox \
	share/zsh/site-functions/_lightbox share/fish/vendor_completions.d/lightbox.fish

.PHONY: deps build release test test-engines lint demo fixtures bench fuzz sanitize clean install install-files \
	uninstall image

## Installs libvips-dev, libyaml-dev and fonts when missing (Debian, as root or with sudo).
deps:
	@bash scripts/install-deps.sh

$(PC_DIR)/lightbox-vips.pc: | deps
	@mkdir -p $(PC_DIR)
	@{ echo "Name: lightbox-vips"; echo "Description: vips without -pthread"; \
	   echo "Version: $$(pkg-config --modversion vips)"; \
	   echo "Cflags: $$(pkg-config --cflags vips | sed 's/-pthread//g')"; \
	   echo "Libs: $$(pkg-config --libs vips)"; } > $@

build: $(PC_DIR)/lightbox-vips.pc
	$(SWIFT) build

## The Swift runtime and Foundation linked in: 13 ms less start-up per process (docs/benchmarks.md).
release: $(PC_DIR)/lightbox-vips.pc
	$(SWIFT) build -c release --static-swift-stdlib

test: $(PC_DIR)/lightbox-vips.pc lint
	$(SWIFT) build
	$(SWIFT) test
	@bash scripts/test-engines.sh

## The tests that need an engine (ENGINES: python kubernetes slurm image ray), each installing what it needs
## or saying plainly that it skipped (docs/scale-out.md).
test-engines: $(PC_DIR)/lightbox-vips.pc
	$(SWIFT) build
	@bash scripts/test-engines.sh $(ENGINES)

## An OCI image localhost/lightbox:VERSION and :latest with podman from Debian's packages, no base image pulled.
image: release
	@bash deploy/image/build.sh $(BIN)

## swift-format (in the toolchain) with the repo's .swift-format: zero findings, or the test run stops.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Fuzz

demo: release
	@bash scripts/demo.sh $(BIN) out

fixtures:
	@bash scripts/make-fixtures.sh

bench: release
	@bash bench/run.sh

## libFuzzer over the rect, CSV, JSON Lines, YOLO, data.yaml, COCO, VOC, layout, state and HEIF box parsers, then
## lightbox batch --root under hostile lines and swapped folders (scripts/fuzz-batch.py), FUZZ_SECONDS each.
fuzz: $(PC_DIR)/lightbox-vips.pc
	@bash scripts/fuzz.sh

## The test suite under AddressSanitizer, then the batch tests under ThreadSanitizer.
sanitize: $(PC_DIR)/lightbox-vips.pc
	@bash scripts/sanitize.sh

## Installs the release build, its man page and bash, zsh and fish completions under DESTDIR/PREFIX.
install: release install-files

## The copying half of install, for a binary built already (BIN=...).
install-files:
	@for dir in $(sort $(dir $(INSTALLED))); do install -d "$(DESTDIR)$(PREFIX)/$$dir"; done
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/lightbox"
	$(BIN) --generate-manual > "$(DESTDIR)$(PREFIX)/share/man/man1/lightbox.1"
	$(BIN) --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/lightbox"
	$(BIN) --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_lightbox"
	$(BIN) --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/lightbox.fish"

## Removes what install put under DESTDIR/PREFIX.
uninstall:
	rm -f $(addprefix "$(DESTDIR)$(PREFIX)/,$(addsuffix ",$(INSTALLED)))

clean:
	rm -rf .build out
