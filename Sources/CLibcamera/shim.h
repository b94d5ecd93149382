// Nothing imports this module: it carries libcamera's pkg-config flags to CLibcameraShim.
