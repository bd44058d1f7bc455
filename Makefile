# OpenBench and other tools that build with make: `make EXE=path/to/binary`.
# Builds the release binary with cargo and copies it to $(EXE).

EXE ?= brudno
CARGO ?= cargo
TARGET_DIR ?= target

.PHONY: all clean
all:
	$(CARGO) build --release --target-dir $(TARGET_DIR)
	cp $(TARGET_DIR)/release/brudno$(if $(findstring .exe,$(EXE)),.exe,) $(EXE)

clean:
	$(CARGO) clean --target-dir $(TARGET_DIR)
