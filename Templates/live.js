// What the pages (netsnap.js) and the wall (sites.js) share: how an age reads, how a value
// from a snapshot is cleaned before it is written as text, and the refresh loop that fetches
// a JSON document every data-refresh seconds. Loaded before either, as window.netsnapLive.
(function () {
  "use strict";

  // Control characters from a snapshot (a NUL in a device name) show as U+FFFD, as the
  // server-rendered page shows them.
  var controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

  function clean(value) {
    return String(value).replace(controlCharacters, "\uFFFD");
  }

  // The same rule as AgeText.swift: keep the two in step.
  function age(seconds) {
    var whole = Math.floor(Math.max(0, seconds));
    if (whole < 60) {
      return whole + " s";
    }
    if (whole < 3600) {
      return Math.floor(whole / 60) + " min";
    }
    if (whole < 86400) {
      return Math.floor(whole / 3600) + " h";
    }
    var days = Math.floor(whole / 86400);
    return days === 1 ? "1 day" : days + " days";
  }

  // Every data-refresh seconds (30 when unset), fetches `url` and hands its JSON to
  // `update`, marking the page data-unreachable while that fails; `after` runs after each
  // try. Browsers refuse fetch() on file: pages, so one opened as a file reloads instead.
  function refresh(url, update, after) {
    var root = document.documentElement;
    var seconds = parseInt(root.getAttribute("data-refresh"), 10);
    var interval = (seconds > 0 ? seconds : 30) * 1000;
    if (window.location.protocol === "file:") {
      window.setTimeout(function () {
        window.location.reload();
      }, interval);
      return;
    }
    var next = function () {
      fetch(url, { cache: "no-store" })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.json();
        })
        .then(function (data) {
          update(data);
          if (root.hasAttribute("data-unreachable")) {
            root.removeAttribute("data-unreachable");
          }
        })
        .catch(function () {
          root.setAttribute("data-unreachable", "");
        })
        .then(function () {
          if (after) {
            after();
          }
          window.setTimeout(next, interval);
        });
    };
    window.setTimeout(next, interval);
  }

  window.netsnapLive = Object.freeze({ age: age, clean: clean, refresh: refresh });
})();
