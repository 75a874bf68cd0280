/// C helpers for reading libxml2's own words about a malformed XML file. Every symbol carries the
/// `lbx_` prefix; each exists because libxml2 hands errors to a C callback, not to its caller.
#ifndef LIGHTBOX_CXML_SHIM_H
#define LIGHTBOX_CXML_SHIM_H

#include <string.h>
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes the system ICU headers,
// which clash with the ICU Foundation carries; nothing here touches the encoding handlers
// those headers describe, so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

/// The first error of one parse: its line and column (from 1) and libxml2's message.
typedef struct {
    int found;
    int line;
    int column;
    char message[512];
} lbx_xml_error;

/// Keeps the first error libxml2 raises (warnings passed over): the structured error
/// callback is the only place libxml2 gives the message together with its line and column.
static inline void lbx_xml_keep_first(void *context, xmlErrorPtr error) {
    lbx_xml_error *first = (lbx_xml_error *)context;
    if (first->found || error == NULL || error->level < XML_ERR_ERROR) return;
    first->found = 1;
    first->line = error->line;
    first->column = error->int2;
    strncpy(first->message, error->message ? error->message : "", sizeof first->message - 1);
    first->message[sizeof first->message - 1] = 0;
}

/// Parses `length` bytes (no network, no DTD loading, no entity substitution) only to fill
/// `first` with the first error; the callback is libxml2's per-thread state, so it is set
/// around this one parse and cleared after it.
static inline int lbx_xml_first_error(const char *bytes, int length, lbx_xml_error *first) {
    memset(first, 0, sizeof *first);
    xmlSetStructuredErrorFunc(first, lbx_xml_keep_first);
    xmlDocPtr document = xmlReadMemory(bytes, length, NULL, NULL, XML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (document != NULL) xmlFreeDoc(document);
    return first->found;
}

#endif
