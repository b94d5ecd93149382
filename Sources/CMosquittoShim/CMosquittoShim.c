#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <mosquitto.h>
#include "CMosquittoShim.h"

// libmosquitto is opened on first use, as FFmpeg is: it links libssl, and a
// cron run without an "mqtt" block should not pay for loading either.
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure_text[512];
static cm_status_handler on_connected, on_disconnected, on_published;
static cm_message_handler on_message;

#define CM_FUNCTIONS(X) \
    X(int, mosquitto_lib_init, (void)) \
    X(struct mosquitto *, mosquitto_new, (const char *, bool, void *)) \
    X(void, mosquitto_destroy, (struct mosquitto *)) \
    X(int, mosquitto_username_pw_set, (struct mosquitto *, const char *, const char *)) \
    X(int, mosquitto_tls_set, (struct mosquitto *, const char *, const char *, const char *, const char *, int (*)(char *, int, int, void *))) \
    X(int, mosquitto_will_set, (struct mosquitto *, const char *, int, const void *, int, bool)) \
    X(int, mosquitto_connect, (struct mosquitto *, const char *, int, int)) \
    X(int, mosquitto_loop_start, (struct mosquitto *)) \
    X(int, mosquitto_loop_stop, (struct mosquitto *, bool)) \
    X(int, mosquitto_disconnect, (struct mosquitto *)) \
    X(int, mosquitto_publish, (struct mosquitto *, int *, const char *, int, const void *, int, bool)) \
    X(int, mosquitto_subscribe, (struct mosquitto *, int *, const char *, int)) \
    X(const char *, mosquitto_strerror, (int)) \
    X(const char *, mosquitto_connack_string, (int)) \
    X(void, mosquitto_connect_callback_set, (struct mosquitto *, void (*)(struct mosquitto *, void *, int))) \
    X(void, mosquitto_disconnect_callback_set, (struct mosquitto *, void (*)(struct mosquitto *, void *, int))) \
    X(void, mosquitto_publish_callback_set, (struct mosquitto *, void (*)(struct mosquitto *, void *, int))) \
    X(void, mosquitto_message_callback_set, (struct mosquitto *, void (*)(struct mosquitto *, void *, const struct mosquitto_message *)))

#define CM_POINTER(ret, name, args) static ret (*p_##name) args;
CM_FUNCTIONS(CM_POINTER)

static void load(void) {
    void *handle = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *text = dlerror();
        snprintf(failure_text, sizeof failure_text, "%s (install libmosquitto1)", text ? text : "libmosquitto.so.1 could not be opened");
        return;
    }
#define CM_LOOKUP(ret, name, args) \
    *(void **)&p_##name = dlsym(handle, #name); \
    if (!p_##name) { snprintf(failure_text, sizeof failure_text, "libmosquitto.so.1 has no %s", #name); return; }
    CM_FUNCTIONS(CM_LOOKUP)
    int rc = p_mosquitto_lib_init();
    if (rc != MOSQ_ERR_SUCCESS) {
        snprintf(failure_text, sizeof failure_text, "mosquitto_lib_init failed: %s", p_mosquitto_strerror(rc));
    }
}

int cm_load(char *failure, size_t size) {
    pthread_once(&once, load);
    if (failure_text[0] == 0) return 0;
    snprintf(failure, size, "%s", failure_text);
    return -1;
}

void cm_set_handlers(cm_status_handler connected, cm_status_handler disconnected,
                     cm_status_handler published, cm_message_handler message) {
    on_connected = connected;
    on_disconnected = disconnected;
    on_published = published;
    on_message = message;
}

static void connected(struct mosquitto *m, void *context, int code) { (void)m; if (on_connected) on_connected(context, code); }
static void disconnected(struct mosquitto *m, void *context, int code) { (void)m; if (on_disconnected) on_disconnected(context, code); }
static void published(struct mosquitto *m, void *context, int mid) { (void)m; if (on_published) on_published(context, mid); }
static void message(struct mosquitto *m, void *context, const struct mosquitto_message *msg) {
    (void)m;
    if (on_message && msg && msg->topic) on_message(context, msg->topic, msg->payload, msg->payloadlen, msg->retain);
}

void *cm_new(const char *client_id, void *context) {
    struct mosquitto *m = p_mosquitto_new(client_id, true, context);
    if (!m) return NULL;
    p_mosquitto_connect_callback_set(m, connected);
    p_mosquitto_disconnect_callback_set(m, disconnected);
    p_mosquitto_publish_callback_set(m, published);
    p_mosquitto_message_callback_set(m, message);
    return m;
}

void cm_destroy(void *client) { p_mosquitto_destroy(client); }
int cm_set_login(void *client, const char *username, const char *password) { return p_mosquitto_username_pw_set(client, username, password); }
int cm_set_tls(void *client, const char *ca_file, const char *ca_path) { return p_mosquitto_tls_set(client, ca_file, ca_path, NULL, NULL, NULL); }
int cm_will_set(void *client, const char *topic, const void *payload, int length, int qos, bool retain) {
    return p_mosquitto_will_set(client, topic, length, payload, qos, retain);
}
int cm_connect(void *client, const char *host, int port, int keepalive) { return p_mosquitto_connect(client, host, port, keepalive); }
int cm_loop_start(void *client) { return p_mosquitto_loop_start(client); }
int cm_loop_stop(void *client, bool force) { return p_mosquitto_loop_stop(client, force); }
int cm_disconnect(void *client) { return p_mosquitto_disconnect(client); }
int cm_publish(void *client, int *mid, const char *topic, const void *payload, int length, int qos, bool retain) {
    return p_mosquitto_publish(client, mid, topic, length, payload, qos, retain);
}
int cm_subscribe(void *client, const char *pattern, int qos) { return p_mosquitto_subscribe(client, NULL, pattern, qos); }
const char *cm_strerror(int code) { return p_mosquitto_strerror ? p_mosquitto_strerror(code) : "libmosquitto not loaded"; }
const char *cm_connack_string(int code) { return p_mosquitto_connack_string ? p_mosquitto_connack_string(code) : "libmosquitto not loaded"; }
int cm_success(void) { return MOSQ_ERR_SUCCESS; }
int cm_err_errno(void) { return MOSQ_ERR_ERRNO; }
