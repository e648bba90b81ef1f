// Start-up (spec §2) refreshes the tokens and then loads the user. This classic script starts
// both requests while the app's modules are still downloading and running, instead of after;
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
})();
