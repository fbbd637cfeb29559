"""Runs a real Home Assistant core (from PyPI, in its own virtualenv) for the tests in
test_homeassistant.py — not a test itself; started by homeassistant_versions.HomeAssistant as
`<ha python> homeassistant_driver.py CONFIG_DIR STATES_FILE [MQTT_PORT]`. The same on every
core tested (2024.3.3 to 2026.2.3, homeassistant_versions.py).

Home Assistant starts from CONFIG_DIR/configuration.yaml without installing anything
(skip_pip). With MQTT_PORT its MQTT integration is set up through its own config flow against
the broker on 127.0.0.1:MQTT_PORT. Twice a second every state — entity id, state, attributes
and friendly name — is written to STATES_FILE (atomically), and every entity registry entry's
unique id, so the test can read what a person would see. It prints which MQTT integration
was set up ("mqtt integration: VERSION PATH", VERSION "built-in" for the core's own, a custom
integration's manifest version otherwise). SIGTERM stops it.

The core's Python check is lowered to the running Python first: 2026.2.3 says 3.13.2, and the
tests run it on 3.13.0 (scripts/setup-homeassistant.sh)."""
import asyncio
import json
import os
import sys

import homeassistant.const

homeassistant.const.REQUIRED_PYTHON_VER = min(homeassistant.const.REQUIRED_PYTHON_VER, tuple(sys.version_info[:3]))

from homeassistant import bootstrap, loader, runner  # noqa: E402 (after the check is lowered)
from homeassistant.helpers import entity_registry  # noqa: E402


async def connect_mqtt(hass, port):
    result = await hass.config_entries.flow.async_init("mqtt", context={"source": "user"})
    if result.get("step_id") == "broker":
        result = await hass.config_entries.flow.async_configure(result["flow_id"], {"broker": "127.0.0.1", "port": port})
    print("mqtt flow:", result.get("type"), result.get("step_id"), result.get("errors"), file=sys.stderr, flush=True)
    integration = await loader.async_get_integration(hass, "mqtt")
    print("mqtt integration:", "built-in" if integration.is_built_in else integration.version, integration.file_path,
          file=sys.stderr, flush=True)


async def dump(hass, path):
    registry = entity_registry.async_get(hass)
    states = {
        state.entity_id: {"state": state.state, "attributes": dict(state.attributes),
                          "unique_id": getattr(registry.async_get(state.entity_id), "unique_id", None)}
        for state in hass.states.async_all()
    }
    # Written off the event loop: newer cores log a warning for a blocking open() in it.
    await hass.async_add_executor_job(write, path, json.dumps(states, default=str))


def write(path, text):
    temporary = f"{path}.tmp"
    with open(temporary, "w") as file:
        file.write(text)
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
            await dump(hass, path)
            await asyncio.sleep(0.5)

    hass.async_create_background_task(keep_dumping(), "dump states")
    return await hass.async_run()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None)))
