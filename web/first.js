// Run before the page is drawn: a page opened on a share link (#…) hides
// the sample the server pre-rendered until the app has read the link
// (web/app.css, app/first_screen.go).
if (location.hash.length > 1) document.documentElement.classList.add("opening-link");
