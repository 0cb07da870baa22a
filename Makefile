# The two front-door commands (see README.md):
#   make demo   installs what is missing, builds and installs zuid into
#               .lib/ and decodes real example IDs
#   make test   installs what is missing and runs the whole test suite
LIB = .lib

.PHONY: demo test setup install vendor clean

demo: install
	R_LIBS="$(CURDIR)/$(LIB)" Rscript tools/demo.R

test: setup
	sh tools/check.sh

setup:
	sh tools/setup.sh

install: setup
	mkdir -p $(LIB)
	R CMD INSTALL --preclean --library=$(LIB) . > $(LIB)/install.log 2>&1 || \
	  { cat $(LIB)/install.log; exit 1; }
	@echo "installed zuid into $(LIB)/"

vendor:
	sh tools/vendor.sh

clean:
	rm -rf $(LIB) .check src/*.o src/*.so src/rust/target
