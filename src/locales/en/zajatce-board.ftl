## Na zajatce board drawing
zajatce-board-title = Na zajatce board
zajatce-board-field = Field
zajatce-board-members = free members
zajatce-board-prisoners = prisoners
zajatce-board-prisoner = prisoner
zajatce-board-camp = Prison camp
zajatce-board-reserve = Reserve
zajatce-board-out = out of the game
zajatce-board-last-throw = Last throw
