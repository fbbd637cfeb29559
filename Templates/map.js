// map.html: shows a device's details in the panel beside the map when it takes the focus,
// is pointed at or tapped, and every data-refresh seconds fetches map.html again and swaps
// in its drawings and summary — in one step each, so nothing flickers — keeping the focus
// on the same device. A page opened as a file is reloaded by netsnap.js instead.
(function () {
  "use strict";

  var shown = null;

  function nodeOf(target) {
    return target && target.closest ? target.closest("[data-device-id], [data-gateway]") : null;
  }

  function show(node) {
    var panel = document.querySelector("[data-detail-panel]");
    if (!panel || !node) {
      return;
    }
    shown = node.getAttribute("data-device-id") || "gateway";
    ["name", "kind", "address", "connection", "via", "vendor", "first", "last"].forEach(function (field) {
      var value = node.getAttribute("data-" + field) || "";
      var place = panel.querySelector('[data-detail="' + field + '"]');
      if (place) {
        place.textContent = value;
      }
      var row = panel.querySelector('[data-detail-row="' + field + '"]');
      if (row) {
        row.hidden = value === "";
      }
    });
    panel.hidden = false;
    panel.parentNode.setAttribute("data-showing", "");
    var hint = document.querySelector("[data-detail-hint]");
    if (hint) {
      hint.hidden = true;
    }
  }

  function find(layout, id) {
    var drawing = document.querySelector('svg[data-layout="' + layout + '"]');
    if (!drawing) {
      return null;
    }
    return id === "gateway" ? drawing.querySelector("[data-gateway]") : drawing.querySelector('[data-device-id="' + id + '"]');
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var focused = nodeOf(document.activeElement);
    var focusedID = focused ? focused.getAttribute("data-device-id") || "gateway" : null;
    var focusedLayout = focused ? focused.closest("svg").getAttribute("data-layout") : null;
    Array.prototype.forEach.call(document.querySelectorAll("svg[data-layout], [data-map-line]"), function (old) {
      var selector = old.hasAttribute("data-map-line") ? "[data-map-line]" : 'svg[data-layout="' + old.getAttribute("data-layout") + '"]';
      var replacement = fresh.querySelector(selector);
      if (replacement) {
        old.replaceWith(document.importNode(replacement, true));
      }
    });
    if (focusedID) {
      var again = find(focusedLayout, focusedID);
      if (again) {
        again.focus({ preventScroll: true });
      }
    }
    if (shown) {
      var current = find("wide", shown) || find("narrow", shown);
      if (current) {
        show(current);
      }
    }
  }

  function refresh() {
    var seconds = parseInt(document.documentElement.getAttribute("data-refresh"), 10);
    var interval = (seconds > 0 ? seconds : 30) * 1000;
    var next = function () {
      fetch("map.html", { cache: "no-store" })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.text();
        })
        .then(swap)
        .catch(function () {
          // netsnap.js, refreshing from widgets.json on the same beat, says when netsnap cannot be reached.
        })
        .then(function () {
          window.setTimeout(next, interval);
        });
    };
    window.setTimeout(next, interval);
  }

  function start() {
    var map = document.querySelector("[data-map]");
    if (!map) {
      return;
    }
    ["focusin", "mouseover", "click"].forEach(function (kind) {
      map.addEventListener(kind, function (event) {
        var node = nodeOf(event.target);
        if (node) {
          show(node);
        }
      });
    });
    map.addEventListener("keydown", function (event) {
      var node = nodeOf(event.target);
      if (node && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        show(node);
      }
    });
    if (window.location.protocol !== "file:") {
      refresh();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
