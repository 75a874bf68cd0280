/// C helpers for the Swift YAML reader. Every symbol carries the `lbx_` prefix, and each one
/// exists because an event's fields sit in a different union member for each event type.
#ifndef LIGHTBOX_CYAML_SHIM_H
#define LIGHTBOX_CYAML_SHIM_H

#include <stddef.h>
#include <yaml.h>

/// The anchor of a scalar, sequence, mapping or alias event (NULL when it has none): each
/// event type keeps it in its own union member.
static inline const yaml_char_t *lbx_yaml_anchor(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_ALIAS_EVENT: return event->data.alias.anchor;
    case YAML_SCALAR_EVENT: return event->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT: return event->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT: return event->data.mapping_start.anchor;
    default: return NULL;
    }
}

/// The explicit tag of a scalar, sequence or mapping event (NULL when it has none): each
/// event type keeps it in its own union member.
static inline const yaml_char_t *lbx_yaml_tag(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_SCALAR_EVENT: return event->data.scalar.tag;
    case YAML_SEQUENCE_START_EVENT: return event->data.sequence_start.tag;
    case YAML_MAPPING_START_EVENT: return event->data.mapping_start.tag;
    default: return NULL;
    }
}

/// A scalar's bytes and their count; the union member is only valid for scalar events.
static inline const yaml_char_t *lbx_yaml_scalar(const yaml_event_t *event, size_t *length) {
    if (event->type != YAML_SCALAR_EVENT) { *length = 0; return NULL; }
    *length = event->data.scalar.length;
    return event->data.scalar.value;
}

/// Whether a scalar was written plain (unquoted, not a block), which decides whether `0`,
/// `null` or `~` mean a number or nothing rather than text.
static inline int lbx_yaml_scalar_is_plain(const yaml_event_t *event) {
    return event->type == YAML_SCALAR_EVENT && event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

#endif
