; The per-user setup, for people without administrator rights: LeaseDesk in
; %LOCALAPPDATA%\Programs\LeaseDesk, a Start-menu shortcut of the user's, and an entry in the
; user's Apps & features (HKCU) with version, publisher and icon. A newer setup installs over
; an older one in place; the user's data in %APPDATA%\LeaseDesk is not the setup's and stays.
; IT deploys the MSI instead (leasedesk.wxs). Built by make-setup.sh with makensis:
;   makensis -DVERSION=1.2.3 -DEXE=... -DICON=... -DLICENCE=... -DOUT=... leasedesk-user.nsi
; Silent: LeaseDesk-setup.exe /S; uninstall.exe /S.

; LeaseDesk is built for x64 only: a 64-bit setup (runs where the program runs).
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\LeaseDesk"

Name "LeaseDesk ${VERSION}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\LeaseDesk"
Icon "${ICON}"
UninstallIcon "${ICON}"
LicenseData "${LICENCE}"
BrandingText "LeaseDesk ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "LeaseDesk"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "CompanyName" "LeaseDesk team"
VIAddVersionKey "FileDescription" "LeaseDesk setup (for this user)"
VIAddVersionKey "LegalCopyright" "LeaseDesk team"

!ifdef SIGN
  ; The uninstaller is written by makensis itself: signed as it is made.
  !uninstfinalize 'bash "${SIGN}" "%1"'
!endif

Page license
Page directory
Page instfiles
UninstPage uninstConfirm
UninstPage instfiles

Section "LeaseDesk"
  SetOutPath "$INSTDIR"
  File "/oname=leasedesk.exe" "${EXE}"
  File "/oname=leasedesk.ico" "${ICON}"
  File "/oname=LICENSE.txt" "${LICENCE}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\LeaseDesk.lnk" "$INSTDIR\leasedesk.exe" "" "$INSTDIR\leasedesk.ico" 0
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "LeaseDesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "LeaseDesk team"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\leasedesk.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  ; Only what the setup put there: the data folder in %APPDATA%\LeaseDesk stays.
  Delete "$SMPROGRAMS\LeaseDesk.lnk"
  Delete "$INSTDIR\leasedesk.exe"
  Delete "$INSTDIR\leasedesk.ico"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
