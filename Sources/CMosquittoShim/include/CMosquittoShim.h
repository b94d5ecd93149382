#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H

#include <stdbool.h>
#include <stddef.h>

#pragma clang assume_nonnull begin

/// What libmosquitto's callbacks hand to Swift: the client's context (an unretained
/// pointer to its Swift owner) and the callback's values. Set once with cm_set_handlers.
typedef void (*cm_status_handler)(void *_Nullable context, int code);
/// A message handler is also told whether the broker sent the message as retained (a stored
/// message delivered at subscription, not one published now).
typedef void (*cm_message_handler)(void *_Nullable context, const char *topic, const void *_Nullable payload, int length, bool retained);

/// Opens libmosquitto (dlopen of libmosquitto.so.1) and initialises it, once. Returns 0, or -1
/// with the reason in `failure`. A process that never uses MQTT never loads it (nor its libssl).
int cm_load(char *failure, size_t size);

/// The callbacks of every client: connect (CONNACK code), disconnect (reason), publish (the
/// acknowledged message id) and message (a subscribed topic's message).
void cm_set_handlers(cm_status_handler connected, cm_status_handler disconnected,
                     cm_status_handler published, cm_message_handler message);

/// A new client with a clean session; NULL when libmosquitto refuses (out of memory, bad id).
/// The corresponding C call is `mosquitto_new`.
void *_Nullable cm_new(const char *client_id, void *_Nullable context);
void cm_destroy(void *client);
int cm_set_login(void *client, const char *username, const char *_Nullable password);
/// TLS with the CA file (or the system's CA folder when NULL); the host name is verified.
int cm_set_tls(void *client, const char *_Nullable ca_file, const char *_Nullable ca_path);
int cm_will_set(void *client, const char *topic, const void *_Nullable payload, int length, int qos, bool retain);
/// Blocking TCP (and TLS) connect; the CONNACK arrives through the connected handler.
int cm_connect(void *client, const char *host, int port, int keepalive);
int cm_loop_start(void *client);
int cm_loop_stop(void *client, bool force);
int cm_disconnect(void *client);
int cm_publish(void *client, int *_Nullable mid, const char *topic, const void *_Nullable payload, int length, int qos, bool retain);
int cm_subscribe(void *client, const char *pattern, int qos);
/// libmosquitto's text for an error code, and for a CONNACK code.
const char *cm_strerror(int code);
const char *cm_connack_string(int code);
/// MOSQ_ERR_SUCCESS, MOSQ_ERR_ERRNO (errno holds the cause).
int cm_success(void);
int cm_err_errno(void);

#pragma clang assume_nonnull end

#endif
