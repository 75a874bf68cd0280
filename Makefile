# Lightbox: `make demo` renders the fixtures into ./out, `make test` runs every test.
SHELL := /bin/bash
PC_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PC_DIR):$(PKG_CONFIG_PATH)
export LIGHTBOX_VIPS_PC := lightbox-vips
SWIFT ?= swift
BIN := .build/release/lightbox

.PHONY: deps build release test demo fixtures bench fuzz sanitize clean

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

release: $(PC_DIR)/lightbox-vips.pc
	$(SWIFT) build -c release

test: $(PC_DIR)/lightbox-vips.pc
	$(SWIFT) build
	$(SWIFT) test

demo: release
	@bash scripts/demo.sh $(BIN) out

fixtures:
	@bash scripts/make-fixtures.sh

bench: release
	@bash bench/run.sh

## libFuzzer over the rect, CSV, JSON Lines, YOLO and data.yaml parsers (FUZZ_SECONDS each, default 30).
fuzz: $(PC_DIR)/lightbox-vips.pc
	@bash scripts/fuzz.sh

## The test suite under AddressSanitizer, then the batch tests under ThreadSanitizer.
sanitize: $(PC_DIR)/lightbox-vips.pc
	@bash scripts/sanitize.sh

clean:
	rm -rf .build out
