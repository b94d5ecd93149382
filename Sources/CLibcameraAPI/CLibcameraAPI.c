// A C target needs a source file: the interface is the header alone (the table of functions the shim returns).
