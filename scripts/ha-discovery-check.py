#!/usr/bin/env python3
"""Checks MQTT discovery configs with Home Assistant's own schemas.

Usage: .cache/homeassistant/bin/python scripts/ha-discovery-check.py MESSAGES.json [PREFIX]

MESSAGES.json is a list of {"topic": ..., "payload": ...} objects (the retained messages a test
read from the broker; payload a string). Every message whose topic is a discovery config topic,
PREFIX/<component>/<node_id>/<object_id>/config (PREFIX defaults to homeassistant), is checked:
- the topic's ids use only the characters Home Assistant allows ([a-zA-Z0-9_-]);
- the payload is a JSON object that the component's DISCOVERY_SCHEMA (Home Assistant's MQTT
  integration, installed by scripts/install-deps.sh) accepts, and that keeps every key it was
  given: the discovery schemas silently drop keys they do not know, so a misspelt key would
  otherwise pass unnoticed;
- unique_id is present and unique, the device has identifiers;
- a timestamp sensor has no unit (Home Assistant refuses the entity otherwise).
An empty payload (an entity removed) is reported, not checked. Prints one line per config and a
JSON summary ({"checked": N, "removed": N, "failures": [...]}) last; exits 1 on any failure.
"""
import json
import re
import sys

# The MQTT integration's modules import each other in an order that only works after this one.
import homeassistant.components.persistent_notification  # noqa: F401
from homeassistant.components.mqtt import binary_sensor, button, camera, sensor

SCHEMAS = {
    'binary_sensor': binary_sensor.DISCOVERY_SCHEMA,
    'button': button.DISCOVERY_SCHEMA,
    'camera': camera.DISCOVERY_SCHEMA,
    'sensor': sensor.DISCOVERY_SCHEMA,
}
ID = re.compile(r'^[a-zA-Z0-9_-]+$')


def dropped_keys(given, validated, path=''):
    """Keys of `given` (recursively through dicts) that the schema did not keep."""
    missing = []
    for key, value in given.items():
        if key not in validated:
            missing.append(path + key)
        elif isinstance(value, dict) and isinstance(validated[key], dict):
            missing += dropped_keys(value, validated[key], path + key + '.')
    return missing


def check(component, payload):
    """The reasons this config is wrong; empty if it is right."""
    if component not in SCHEMAS:
        return [f'component {component!r} is not one camsched should publish']
    try:
        config = json.loads(payload)
    except ValueError as error:
        return [f'payload is not JSON: {error}']
    if not isinstance(config, dict):
        return ['payload is not a JSON object']
    try:
        validated = SCHEMAS[component](dict(config))
    except Exception as error:  # voluptuous.Invalid and its subclasses
        return [f'Home Assistant refuses it: {error}']
    problems = [f'unknown key {key!r} (dropped by the schema)' for key in dropped_keys(config, validated)]
    if not config.get('unique_id'):
        problems.append('no unique_id (the entity could not be edited or grouped into a device)')
    if not config.get('device', {}).get('identifiers'):
        problems.append('device has no identifiers')
    if config.get('device_class') == 'timestamp' and 'unit_of_measurement' in config:
        problems.append('a timestamp sensor must not have a unit')
    return problems


def main():
    messages = json.load(open(sys.argv[1]))
    prefix = sys.argv[2] if len(sys.argv) > 2 else 'homeassistant'
    topic_pattern = re.compile('^' + re.escape(prefix) + r'/([^/]+)/([^/]+)/([^/]+)/config$')
    failures, unique_ids, checked, removed = [], {}, 0, 0
    for message in messages:
        match = topic_pattern.match(message['topic'])
        if not match:
            continue
        component, node_id, object_id = match.groups()
        if message['payload'] == '':
            removed += 1
            print(f'removed {message["topic"]}')
            continue
        problems = [f'{name} {value!r} has characters outside [a-zA-Z0-9_-]'
                    for name, value in (('node_id', node_id), ('object_id', object_id)) if not ID.match(value)]
        problems += check(component, message['payload'])
        if not problems:
            unique_id = json.loads(message['payload'])['unique_id']
            if unique_id in unique_ids:
                problems.append(f'unique_id {unique_id!r} also used by {unique_ids[unique_id]}')
            unique_ids[unique_id] = message['topic']
        checked += 1
        print(('ok     ' if not problems else 'FAILED ') + message['topic'] + ''.join('\n  ' + p for p in problems))
        failures += [{'topic': message['topic'], 'problem': p} for p in problems]
    print(json.dumps({'checked': checked, 'removed': removed, 'failures': failures}))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
