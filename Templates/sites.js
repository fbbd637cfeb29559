// sites.html: the wall refreshes in place from sites.json every interval — the cards, the
// headline and the time — without reloading, so a wall screen neither flashes nor loses
// its scroll. Values are only ever written with textContent, never parsed as HTML: every
// one of them came from a site. live.js has the age wording and the refresh loop.
(function () {
  "use strict";

  var live = window.netsnapLive;
  var STATES = ["lost", "invalid", "offline", "unknown", "stale", "degraded", "online"];

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = live.clean(text);
    }
    return node;
  }

  function count(value) {
    return typeof value === "number" && isFinite(value) ? value : 0;
  }

  // The state as WallCardView words it ("online" in English, the page's word else).
  function stateWord(state) {
    if (STATES.indexOf(state) < 0) {
      return String(state);
    }
    return live.say("site" + state.charAt(0).toUpperCase() + state.slice(1));
  }

  // One card as SitesWriter.card and sites.html draw it.
  function card(site) {
    var item = element("li", STATES.indexOf(site.state) >= 0 ? site.state : "invalid");
    var link = element("a");
    // Only the wall's own relative links: sites/<slug>/index.html.
    if (typeof site.href === "string" && /^sites\/[A-Za-z0-9._-]+\/index\.html$/.test(site.href)) {
      link.setAttribute("href", site.href);
    }
    var targets = site.targets || {};
    var devices = site.devices || {};
    var up = count(targets.up);
    var when = typeof site.ageSeconds === "number" ? live.say("ageAgo", { age: live.age(site.ageSeconds) }) : live.say("noSnapshot");
    link.appendChild(element("div", "name", site.name));
    link.appendChild(element("div", "state", stateWord(site.state) + live.say("separator") + when));
    // Without a snapshot there are no counts to tell.
    if (site.snapshotAt) {
      link.appendChild(element("div", "muted", live.say("siteCounts", {
        up: live.integer(up), targets: live.integer(up + count(targets.down)), active: live.integer(count(devices.active)),
        devices: live.integer(count(devices.total))
      })));
    }
    link.appendChild(element("div", "muted", site.id));
    if (site.error) {
      link.appendChild(element("div", "error", live.reason(String(site.error))));
    }
    item.appendChild(link);
    return item;
  }

  function update(wall) {
    var sites = Array.isArray(wall.sites) ? wall.sites : [];
    var online = sites.filter(function (site) {
      return site.state === "online";
    }).length;
    document.getElementById("headline").textContent = live.isFixed ? online + " of " + sites.length + " sites OK"
      : live.count("sitesOK", sites.length, { healthy: live.integer(online) });
    var generated = new Date(wall.generatedAt);
    var time = isNaN(generated.getTime()) ? live.clean(wall.generatedAt) : live.clock(generated);
    document.getElementById("updated").textContent = live.say("wallUpdated", { time: time });
    document.getElementById("empty").hidden = sites.length > 0;
    var list = document.getElementById("sites");
    var fragment = document.createDocumentFragment();
    sites.forEach(function (site) {
      fragment.appendChild(card(site));
    });
    list.replaceChildren(fragment);
  }

  function start() {
    live.refresh("sites.json", update);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
