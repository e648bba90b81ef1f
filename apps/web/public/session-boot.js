// Start-up (spec §2) refreshes the tokens and then loads the user. This classic script starts
// both requests, and the download of the first screen's code, while the app's entry module is
// still downloading and running, instead of after;
// src/lib/session-boot.ts hands the answers to the API client, once. Nothing here is stored:
// the access token stays in memory, inside the pending responses.
(function () {
  var refresh = fetch('/api/token/refresh/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
  });
  var user = refresh.then(function (response) {
    if (!response.ok) return null;
    return response
      .clone()
      .json()
      .then(function (pair) {
        return fetch('/api/user/', { credentials: 'same-origin', headers: { Accept: 'application/json', Authorization: 'Bearer ' + pair.access } });
      });
  });
  // Unhandled rejections are the app's to report when it takes the promises; silence them here.
  refresh.catch(function () {});
  user.catch(function () {});
  window.__kontorSessionBoot = { refresh: refresh, user: user };

  // The code of the first screen, asked for now too, while the entry chunk downloads and runs:
  // the protected frame, and the screen itself where index.html lists it (a build writes the
  // list, vite.config.ts; ADR 0028). The router then finds the modules loaded or under way.
  var list = document.getElementById('kontor-first-screen');
  var path = location.pathname.replace(/\/+$/, '');
  if (!list || /^\/(login|onboarding)(\/|$)/.test(path)) return;
  var chunks = JSON.parse(list.textContent);
  chunks.frame.concat(chunks.screens[path] || []).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  });
})();
