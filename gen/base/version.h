/* version.h: hhn-gen's version, which the Makefile passes in from the file VERSION. */
#ifndef HHN_GEN_VERSION_H
#define HHN_GEN_VERSION_H

#ifndef HHN_GEN_VERSION
#define HHN_GEN_VERSION "0.0.0" /* built without the Makefile */
#endif

#endif
