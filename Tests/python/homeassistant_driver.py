"""Runs a real Home Assistant core (from PyPI, in its own virtualenv) for the tests in
test_homeassistant.py — not a test itself; started as `<ha python> homeassistant_driver.py
CONFIG_DIR STATES_FILE [MQTT_PORT]`.

Home Assistant starts from CONFIG_DIR/configuration.yaml without installing anything
(skip_pip). With MQTT_PORT its MQTT integration is set up through its own config flow against
the broker on 127.0.0.1:MQTT_PORT. Twice a second every state — entity id, state, attributes
and friendly name — is written to STATES_FILE (atomically), and every entity registry entry's
unique id, so the test can read what a person would see. SIGTERM stops it."""
import asyncio
import json
import os
import sys

from homeassistant import bootstrap, runner
from homeassistant.helpers import entity_registry


async def connect_mqtt(hass, port):
    result = await hass.config_entries.flow.async_init("mqtt", context={"source": "user"})
    if result.get("step_id") == "broker":
        result = await hass.config_entries.flow.async_configure(result["flow_id"], {"broker": "127.0.0.1", "port": port})
    print("mqtt flow:", result.get("type"), result.get("errors"), file=sys.stderr, flush=True)


def dump(hass, path):
    registry = entity_registry.async_get(hass)
    states = {
        state.entity_id: {"state": state.state, "attributes": dict(state.attributes),
                          "unique_id": getattr(registry.async_get(state.entity_id), "unique_id", None)}
        for state in hass.states.async_all()
    }
    temporary = f"{path}.tmp"
    with open(temporary, "w") as file:
        json.dump(states, file, default=str)
    os.replace(temporary, path)


async def main(config_dir, path, mqtt_port):
    # Only what configuration.yaml names (and MQTT): the default integrations — the frontend
    # above all, without which Home Assistant goes into recovery mode — need packages the
    # test does not (numpy, Pillow, the frontend's own); what is tested does not use them.
    bootstrap.DEFAULT_INTEGRATIONS.clear()
    bootstrap.CRITICAL_INTEGRATIONS.clear()
    hass = await bootstrap.async_setup_hass(runner.RuntimeConfig(config_dir=config_dir, skip_pip=True))
    if hass is None:
        sys.exit("home assistant did not set up")

    async def keep_dumping():
        if mqtt_port:
            await connect_mqtt(hass, mqtt_port)
        while True:
            dump(hass, path)
            await asyncio.sleep(0.5)

    hass.async_create_background_task(keep_dumping(), "dump states")
    return await hass.async_run()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None)))
