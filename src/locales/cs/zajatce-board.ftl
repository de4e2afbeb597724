## Na zajatce board drawing
zajatce-board-title = Hrací plán Na zajatce
zajatce-board-field = Pole
zajatce-board-members = svobodní členové
zajatce-board-prisoners = zajatci
zajatce-board-prisoner = zajatec
zajatce-board-camp = Zajatecký tábor
zajatce-board-reserve = Záloha
zajatce-board-out = mimo hru
zajatce-board-last-throw = Poslední hod
